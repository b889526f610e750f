import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import { openEdp, row as edpRow, toolbarButton as edpButton } from '../support/edp';
import { gridTable, heading, tree, treeItem } from '../support/edc';
import { bar, cell, openGanttPage, toolbarButton as ganttButton, unsavedChip } from '../support/gantt';
import type { SeededGantt } from '../support/gantt';
import { seedGanttProject } from '../support/gantt';
import { seedPaidItem } from '../support/money';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 33, deletions that touch money say so, in the Gantt's and the EDC's questions. The project
 * of seedPaidItem: ELA.1.1 (12 gl × $1.000, spread $4.000 on each of ACT1, ACT2, ACT3) at the
 * latest cut-off ACT1 done, ACT2 20 %, ACT3 0; EP N°1 approved paid $4.800 on it; baseline
 * «LB Contrato» fixed after. The Gantt: 1 ELA · 2 ELA.1 · 3 ELA.1.1 · 4 M · 5 M.1 · 6 ACT1 ·
 * 7 ACT2 · 8 ACT3 · 9 ELA.1.2.
 */
const ACT2 = 7;
const PAID = 'la partida ELA.1.1 Piso 1, pagada en EP N°1: $4.800; en la línea base «LB Contrato».';
const REMEASURED = 'El próximo estado de pago medirá el avance de la partida sin lo que se elimina.';

describe('the Gantt, the EDC and the EDP name what a deletion touches of the money (issue 33)', () => {
  let session: SignedInSession;
  let seeded: SeededGantt;

  beforeAll(async () => {
    session = await openAsFirstAdmin('delmoney');
    seeded = await seedGanttProject(session, ['ELA.1.1']);
    await seedPaidItem(seeded, session.server.url);
  });

  afterAll(async () => {
    await session?.close();
  });

  /** The question's money note, once it is there. */
  async function moneyNote(page: Page, text: string): Promise<void> {
    await confirmDialog(page).getByTestId('deletion-money').getByText(text, { exact: true }).waitFor();
  }

  it("the Gantt's delete-task question names the task's progress, its partida's payment and the baseline", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openGanttPage(page, seeded.project, ACT2);
    await cell(page, ACT2, 'text').click();
    await ganttButton(page, 'Eliminar').click();
    const dialog = confirmDialog(page);
    // the question's own words, word for word, then the money
    await dialog.getByText('Se eliminará la tarea ELA.1.1.ACT2 Hormigonar (fila 7).', { exact: true }).waitFor();
    await moneyNote(page, `Ten en cuenta: 20,00 % de avance registrado; ${PAID} ${REMEASURED}`);
    await screenshot(page, 'deletion-money-gantt-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'deletion-money-gantt-390');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await bar(page, ACT2).waitFor();

    // the summary M (row 4) and everything under it: (100 + 20 + 0) / 3 = 40 %
    await page.setViewportSize({ width: 1440, height: 900 });
    await cell(page, 4, 'text').click();
    await ganttButton(page, 'Eliminar').click();
    await moneyNote(page, `Ten en cuenta: 40,00 % de avance registrado; ${PAID} ${REMEASURED}`);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // ELA.1.2: nothing recorded, nothing paid, only the baseline
    await cell(page, 9, 'text').click();
    await ganttButton(page, 'Eliminar').click();
    await moneyNote(page, 'Ten en cuenta: en la línea base «LB Contrato».');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("the EDC's question on removing a row names the same facts for its tasks", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/projects/${seeded.project._id}/edc`);
    // the tree opens at the root: ELA.1 Torre's branch from its expand icon (a click on the label selects)
    const torre = treeItem(page, 'ELA.1 Torre');
    await torre.locator('.MuiTreeItem-iconContainer').first().click();
    await expect.poll(() => torre.getAttribute('aria-expanded')).toBe('true');
    await tree(page).getByText('ELA.1.1 Piso 1', { exact: true }).click();
    await heading(page, seeded.project, 'ELA.1.1').waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    const edcButton = (name: string) =>
      page.getByRole('toolbar', { name: 'Herramientas del EDC' }).getByRole('button', { name, exact: true });
    const gridRow = (code: string) => gridTable(page).locator(`tbody tr[data-edc-code="${code}"]`);

    // M.1 with its three activities: 40 %
    await gridRow('M.1').click();
    await edcButton('Eliminar').click();
    const dialog = confirmDialog(page);
    await dialog
      .getByText('Se eliminará M.1 Zapatas junto con los 3 ítems que dependen de él.', { exact: true })
      .waitFor();
    await moneyNote(page, `Ten en cuenta: 40,00 % de avance registrado; ${PAID} ${REMEASURED}`);
    await screenshot(page, 'deletion-money-edc-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'deletion-money-edc-390');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // ACT1 alone: done
    await page.setViewportSize({ width: 1440, height: 900 });
    await gridRow('ACT1').click();
    await edcButton('Eliminar').click();
    await dialog.getByText('Se eliminará ACT1 Excavar.', { exact: true }).waitFor();
    await moneyNote(page, `Ten en cuenta: 100,00 % de avance registrado; ${PAID} ${REMEASURED}`);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("moving says so too: the Gantt's and the EDP's 'Indentar' / 'Desindentar' name what the move touches", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openGanttPage(page, seeded.project, ACT2);
    const chip = page.getByTestId('gantt-project-progress');
    const before = await chip.innerText();
    await cell(page, ACT2, 'text').click();
    await ganttButton(page, 'Indentar').click();
    const dialog = confirmDialog(page);
    // ACT2 under ACT1: ACT1 (done) turns into a summary of ACT2 (20 %), within the same partida
    await dialog
      .getByText(
        'Se indentará la tarea ELA.1.1.ACT2 Hormigonar (fila 7): quedará bajo ELA.1.1.ACT1 Excavar (fila 6).',
        { exact: true },
      )
      .waitFor();
    await moneyNote(
      page,
      `Ten en cuenta: 60,00 % de avance registrado; ${PAID} ` +
        'El próximo estado de pago medirá de nuevo el avance de la partida ELA.1.1 Piso 1.',
    );
    await screenshot(page, 'move-money-gantt-1440');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await unsavedChip(page).count()).toBe(0);
    expect(await chip.innerText()).toBe(before);
    // confirmed, the move is done: ACT1's recorded 100 % gives way to ACT2's 20 %, and the figure moves
    await ganttButton(page, 'Indentar').click();
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await unsavedChip(page).waitFor();
    await expect.poll(() => chip.innerText()).not.toBe(before);
    await ganttButton(page, 'Deshacer').click();
    await expect.poll(() => chip.innerText()).toBe(before);

    await openEdp(page, seeded.project);
    // ELA.1.1: recorded, paid and in the baseline
    await edpRow(page, 'ELA.1.1').click();
    await edpButton(page, 'Desindentar').click();
    await dialog.getByText(/^Se desindentará ELA\.1\.1 Piso 1: quedará bajo ELA /).waitFor();
    await moneyNote(
      page,
      'Ten en cuenta: 40,00 % de avance registrado; pagado en EP N°1: $4.800; en la línea base «LB Contrato». ' +
        'Lo registrado y lo pagado siguen con el ítem; cambian los subtotales de los ítems que lo contienen.',
    );
    await screenshot(page, 'move-money-edp-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'move-money-edp-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await edpRow(page, 'ELA.1.1').getAttribute('aria-level')).toBe('3');
    // ELA.1.2, only in the baseline: asked, then moved under ELA.1.1
    await edpRow(page, 'ELA.1.2').click();
    await edpButton(page, 'Indentar').click();
    await dialog.getByText('Se indentará ELA.1.2 Piso 2: quedará bajo ELA.1.1 Piso 1.', { exact: true }).waitFor();
    await moneyNote(
      page,
      'Ten en cuenta: en la línea base «LB Contrato». ' +
        'Lo registrado y lo pagado siguen con el ítem; cambian los subtotales de los ítems que lo contienen.',
    );
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => edpRow(page, 'ELA.1.2').getAttribute('aria-level')).toBe('4');
    await edpButton(page, 'Deshacer').click();
    await expect.poll(() => edpRow(page, 'ELA.1.2').getAttribute('aria-level')).toBe('3');
  });

  it("the EDP's 'Eliminar Item' and 'Grabar EDP' name them too, and the next EP keeps what was paid", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openEdp(page, seeded.project);
    await edpRow(page, 'ELA.1.1').click();
    await edpButton(page, 'Eliminar Item').click();
    const dialog = confirmDialog(page);
    await dialog
      .getByText('Se eliminarán 1 ítem, 5 componentes del EDC y 6 tareas del Gantt con sus vínculos.', { exact: true })
      .waitFor();
    await moneyNote(
      page,
      'Ten en cuenta: 40,00 % de avance registrado; pagado en EP N°1: $4.800; en la línea base «LB Contrato». ' +
        'Lo ya pagado seguirá en el próximo estado de pago como partida eliminada.',
    );
    await screenshot(page, 'deletion-money-edp-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'deletion-money-edp-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => edpRow(page, 'ELA.1.1').count()).toBe(0);

    await edpButton(page, 'Grabar EDP').click();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual([
      'ELA.1.1 Piso 1: 1 ítem, 5 componentes del EDC y 6 tareas del Gantt con sus vínculos; ' +
        '40,00 % de avance registrado; pagado en EP N°1: $4.800; en la línea base «LB Contrato»',
    ]);
    await moneyNote(page, 'Lo ya pagado seguirá en el próximo estado de pago como partida eliminada.');
    await screenshot(page, 'deletion-money-edp-save');
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'EDP grabado: 3 ítems');

    // the next EP (ELA.1.2 half done by 13-01-2026) lists ELA.1.1 last with what EP N°1 paid
    const call = <T>(name: string, data: unknown) => callFunction<T>(session.server.url, name, data, seeded.cookie);
    const gantt = await seeded.loadGantt();
    const ela12 = gantt.activities.find((task) => task.TaskCode === 'ELA.1.2');
    await call('saveProgress', {
      id: seeded.project._id,
      cutoff: '2026-01-13',
      entries: [{ TaskID: ela12?.TaskID, ActualStart: '2026-01-02', Progress: 50 }],
      version: gantt.version,
    });
    const { estadoPago } = await call<{ estadoPago: { lines: Array<Record<string, unknown>> } }>('saveEstadoPago', {
      id: seeded.project._id,
      cutoff: '2026-01-13',
    });
    expect(estadoPago.lines.at(-1)).toMatchObject({
      code: 'ELA.1.1',
      previousAmount: '4800',
      periodAmount: '0',
      accumulatedAmount: '4800',
    });
  });
});
