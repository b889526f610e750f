import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForErrorToast, waitForSuccessToast } from '../support/catalogues';
import type { SeededGantt } from '../support/gantt';
import { seedGanttProject } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 16, 'Estados de pago': N°1 at one cut-off, approved through its confirmation, N°2 at the
 * next, and the refusal of a second EP while the first is a draft. The seeded project (support/gantt)
 * has the EDP ELA · ELA.1 · ELA.1.1 · ELA.1.2 and one EDC list under ELA.1:
 *   1 ELA · 2 ELA.1 · 3 M · 4 M.1 · 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 · 9 ELA.1.2
 * every leaf working Friday 02-01-2026 to Thursday 08-01-2026. Nothing is priced here, so every
 * partida's budget is 0: the lines are the EDP's leaves ELA.1.1 and ELA.1.2 with their progress
 * (priced EPs, end to end with their downloaded workbooks: costs-flow.spec.ts).
 */
const ELA11 = 8;

function list(page: Page): Locator {
  return page.getByRole('table', { name: 'Estados de pago del proyecto' });
}

function lines(page: Page, number: number): Locator {
  return page.getByRole('table', { name: `Partidas del estado de pago N°${number}` });
}

/** Each body row's cells, trimmed, joined by ' | '. */
async function rowTexts(table: Locator): Promise<string[]> {
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll('td'))
        .map((cell) => (cell as HTMLElement).innerText.trim())
        .join(' | '),
    ),
  );
}

async function createEstadoPago(page: Page, cutoff: string): Promise<void> {
  await page.getByRole('button', { name: 'Nuevo estado de pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo estado de pago' });
  await dialog.getByRole('combobox', { name: 'Fecha de corte' }).click();
  await page.getByRole('option', { name: cutoff }).click();
  await dialog.getByRole('button', { name: 'Crear' }).click();
}

describe('Estados de pago (issue 16)', () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;

  beforeAll(async () => {
    session = await openAsFirstAdmin('estados-pago');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1']);
    const record = async (cutoff: string, entries: unknown[]) => {
      const { version } = await seeded.loadGantt();
      await callFunction(
        session.server.url,
        'saveProgress',
        { id: seeded.project._id, cutoff, entries, version },
        seeded.cookie,
      );
    };
    await record('2026-01-06', [{ TaskID: ELA11, ActualStart: '2026-01-02', Progress: 40 }]);
    await record('2026-01-13', [
      { TaskID: ELA11, ActualStart: '2026-01-02', ActualFinish: '2026-01-08', Progress: 100 },
    ]);
    await callFunction(
      session.server.url,
      'saveEstadoPagoSettings',
      {
        id: seeded.project._id,
        settings: {
          contract: 'Contrato N°7',
          contractor: 'Constructora Andes',
          retentionPercent: '5',
          retentionCapPercent: '5',
          advanceAmount: '0',
          vatPercent: '19',
        },
      },
      seeded.cookie,
    );
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('creates N°1, refuses another while it is a draft, approves it with its confirmation and creates N°2', async () => {
    await page.goto(`/projects/${seeded.project._id}/estados-pago`);
    await page.getByRole('heading', { level: 1, name: 'Estados de pago' }).waitFor();
    await page.getByText('Aún no hay estados de pago').waitFor();

    await createEstadoPago(page, '06-01-2026');
    await waitForSuccessToast(page, 'Estado de pago N°1 creado al corte del 06-01-2026');
    await page.getByRole('heading', { name: 'Estado de pago N°1' }).waitFor();
    expect(await rowTexts(list(page))).toEqual(['N°1 | 06-01-2026 | 02-01-2026 al 05-01-2026 | Borrador | $0 | $0']);
    // the leaves of the EDP, unpriced: budget 0 and their progress
    expect(await rowTexts(lines(page, 1))).toEqual([
      'ELA.1.1 | Piso 1 |  |  |  | 0 | 0,00 % | 40,00 % | 40,00 % | 0 | 0 | 0',
      'ELA.1.2 | Piso 2 |  |  |  | 0 | 0,00 % | 0,00 % | 0,00 % | 0 | 0 | 0',
    ]);
    await expect.poll(() => page.getByTestId('estado-pago-totals').innerText()).toContain('Total contrato');
    await page.getByText('Contrato N°7').waitFor();

    // another EP while N°1 is a draft: the server's refusal, nothing created
    await createEstadoPago(page, '13-01-2026');
    await waitForErrorToast(page);
    await page
      .getByText('El estado de pago N°1 (corte 06-01-2026) es un borrador: apruébalo o elimínalo antes de crear otro')
      .first()
      .waitFor();
    await page.getByRole('dialog', { name: 'Nuevo estado de pago' }).getByRole('button', { name: 'Cancelar' }).click();
    expect(await list(page).locator('tbody tr').count()).toBe(1);

    await page.getByRole('button', { name: 'Aprobar' }).click();
    const confirm = confirmDialog(page);
    await expect.poll(() => confirm.innerText()).toContain('quedará congelado');
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'Estado de pago N°1 aprobado: ya no cambia');
    await expect.poll(() => rowTexts(list(page))).toEqual([expect.stringContaining(' | Aprobado | ')]);
    expect(await page.getByRole('button', { name: 'Aprobar' }).count()).toBe(0);

    await createEstadoPago(page, '13-01-2026');
    await waitForSuccessToast(page, 'Estado de pago N°2 creado al corte del 13-01-2026');
    await page.getByRole('heading', { name: 'Estado de pago N°2' }).waitFor();
    await expect
      .poll(() => rowTexts(list(page)))
      .toEqual([
        expect.stringContaining(' | Aprobado | '),
        'N°2 | 13-01-2026 | 06-01-2026 al 12-01-2026 | Borrador | $0 | $0',
      ]);
    // % anterior from the approved N°1, the period's share on top
    expect(await rowTexts(lines(page, 2))).toEqual([
      'ELA.1.1 | Piso 1 |  |  |  | 0 | 40,00 % | 60,00 % | 100,00 % | 0 | 0 | 0',
      'ELA.1.2 | Piso 2 |  |  |  | 0 | 0,00 % | 0,00 % | 0,00 % | 0 | 0 | 0',
    ]);
    await screenshot(page, 'estados-pago');

    // the EPs as stored: N°1 approved, N°2 a draft
    const stored = await callFunction<{ estadosPago: { number: number; status: string }[] }>(
      session.server.url,
      'loadEstadosPago',
      { id: seeded.project._id },
      seeded.cookie,
    );
    expect(stored.estadosPago.map((ep) => [ep.number, ep.status])).toEqual([
      [1, 'approved'],
      [2, 'draft'],
    ]);
  }, 120_000);

  it('deletes a draft after a confirmation naming its N°', async () => {
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = confirmDialog(page);
    await expect
      .poll(() => confirm.innerText())
      .toContain('Se eliminará el estado de pago N°2 (borrador al corte del 13-01-2026).');
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'Estado de pago N°2 eliminado');
    await expect.poll(() => list(page).locator('tbody tr').count()).toBe(1);
    await page.getByRole('heading', { name: 'Estado de pago N°1' }).waitFor();
    // the deleted EP is not asked for again
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Error en Cimiento').count()).toBe(0);
  }, 60_000);

  it("saves 'Condiciones del contrato' typed in Chilean notation", async () => {
    await page.getByRole('button', { name: 'Condiciones del contrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Condiciones del contrato' });
    expect(await dialog.getByLabel('Contrato', { exact: true }).inputValue()).toBe('Contrato N°7');
    await dialog.getByLabel('Retención %', { exact: true }).fill('5,5');
    await dialog.getByLabel('Anticipo (CLP)', { exact: true }).fill('1.250.000');
    await screenshot(page, 'estados-pago-condiciones');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForSuccessToast(page, /Condiciones del contrato guardadas/);
    await dialog.waitFor({ state: 'hidden' });
    const stored = await callFunction<{ settings: Record<string, string> }>(
      session.server.url,
      'loadEstadosPago',
      { id: seeded.project._id },
      seeded.cookie,
    );
    expect(stored.settings).toMatchObject({ retentionPercent: '5.5', advanceAmount: '1250000' });
  }, 60_000);
});
