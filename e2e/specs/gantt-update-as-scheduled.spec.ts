import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import type { GanttTask, SeededGantt } from '../support/gantt';
import { openGanttPage, seedGanttProject, startOf, toolbar } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 32, 'Actualizar según lo programado'. The seeded project (startYear 2026): 1 ELA · 2 ELA.1 ·
 * 3 M · 4 M.1 · 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 · 9 ELA.1.2; every leaf lasts 5 working days from
 * Friday 02-01-2026 (Thursday 1 is Año Nuevo), and ACT1 → ACT2 → ACT3 finish to start.
 * Recorded through the API at the cut-off Wednesday 07-01-2026: ELA.1.2 done (02–06-01). The tasks not
 * started are then held to the cut-off: ACT1 and ELA.1.1 07–13-01, ACT2 14–20-01, ACT3 21–27-01.
 * Updated as scheduled at Thursday 15-01-2026:
 *   ACT1 and ELA.1.1 done: 100 %, 07-01 → 13-01 (their planned dates);
 *   ACT2 under way: started 14-01, 1 of 5 working days = 20 %;
 *   ELA.1.2 already done: 'sin cambio'; ACT3 not started (from 21-01).
 */
const ACT1 = 5;
const ACT2 = 6;
const ACT3 = 7;
const ELA11 = 8;
const ELA12 = 9;

describe("Gantt: 'Actualizar según lo programado' (issue 32)", () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;

  const grid = () => page.getByRole('dialog', { name: 'Registrar avance' });
  const tool = () => page.getByRole('dialog', { name: 'Actualizar según lo programado' });

  beforeAll(async () => {
    session = await openAsFirstAdmin('programado');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1']);
    const linked = await seeded.saveGantt((task) =>
      task.TaskID === ACT2 ? { Predecessor: `${ACT1}FS` } : task.TaskID === ACT3 ? { Predecessor: `${ACT2}FS` } : {},
    );
    await callFunction(
      session.server.url,
      'saveProgress',
      {
        id: seeded.project._id,
        cutoff: '2026-01-07',
        entries: [{ TaskID: ELA12, ActualStart: '2026-01-02', ActualFinish: '2026-01-06', Progress: 100 }],
        version: linked.version,
      },
      seeded.cookie,
    );
  });

  afterAll(async () => {
    await session?.close();
  });

  it('previews the counts, writes nothing until Confirmar, then opens Registrar avance with the % programado column', async () => {
    await openGanttPage(page, seeded.project, ACT1);
    expect(await startOf(page, ACT1)).toBe('07-01-2026');
    const before = await seeded.loadGantt();

    await toolbar(page).getByRole('button', { name: 'Más opciones de avance' }).click();
    await page.getByRole('menuitem', { name: 'Actualizar según lo programado' }).click();
    await tool().waitFor();
    const cutoff = tool().getByTestId('update-cutoff');
    // it opens on the latest cut-off, where the plan had nothing more to do than what is recorded
    expect(await cutoff.inputValue()).toBe('07-01-2026');
    await cutoff.fill('15-01-2026');
    const preview = tool().getByTestId('update-preview');
    await expect
      .poll(() => preview.innerText())
      .toBe('Se registrarán 2 tareas terminadas, 1 en curso; 1 sin cambio; 1 aún no comienza');
    await screenshot(page, 'gantt-update-as-scheduled-preview');
    // on a phone the dialog fits the width, its buttons in view
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const confirm = await tool().getByRole('button', { name: 'Confirmar' }).boundingBox();
    expect(confirm === null ? Number.NaN : confirm.x + confirm.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'gantt-update-as-scheduled-preview-390');
    if (desktop !== null) await page.setViewportSize(desktop);

    // a cut-off before the latest one is refused at the field, and Confirmar waits
    await cutoff.fill('06-01-2026');
    expect(
      await tool().getByText('La fecha de corte no puede ser anterior a la última registrada (07-01-2026)').count(),
    ).toBe(1);
    expect(await tool().getByRole('button', { name: 'Confirmar' }).isDisabled()).toBe(true);

    // Cancelar writes nothing
    await tool().getByRole('button', { name: 'Cancelar' }).click();
    await tool().waitFor({ state: 'detached' });
    expect((await seeded.loadGantt()).version).toBe(before.version);

    // again, and Confirmar
    await toolbar(page).getByRole('button', { name: 'Más opciones de avance' }).click();
    await page.getByRole('menuitem', { name: 'Actualizar según lo programado' }).click();
    await tool().waitFor();
    await tool().getByTestId('update-cutoff').fill('15-01-2026');
    await expect
      .poll(() => tool().getByTestId('update-preview').innerText())
      .toContain('Se registrarán 2 tareas terminadas, 1 en curso');
    await tool().getByRole('button', { name: 'Confirmar' }).click();

    // the grid opens at that cut-off, to correct the exceptions
    await grid().waitFor();
    await tool().waitFor({ state: 'detached' });
    expect(await grid().getByTestId('progress-cutoff').inputValue()).toBe('15-01-2026');
    expect(await grid().getByRole('columnheader', { name: '% programado' }).count()).toBe(1);
    const headers = await grid().getByRole('columnheader').allInnerTexts();
    expect(headers.indexOf('% programado') + 1).toBe(headers.indexOf('Avance físico (%)'));
    // ACT2 under way: recorded 20 % from 14-01, as programmed
    expect(await grid().getByTestId(`progress-progress-${ACT2}`).inputValue()).toBe('20');
    expect(await grid().getByTestId(`progress-actualStart-${ACT2}`).inputValue()).toBe('14-01-2026');
    expect(await grid().getByTestId(`progress-planned-${ACT2}`).innerText()).toBe('20 %');
    // the done ones, out of 'Solo las que deberían estar en curso', show with the filter off
    await grid().getByRole('checkbox', { name: 'Solo las que deberían estar en curso' }).uncheck();
    for (const id of [ACT1, ELA11]) {
      expect(await grid().getByTestId(`progress-progress-${id}`).inputValue()).toBe('100');
      expect(await grid().getByTestId(`progress-actualStart-${id}`).inputValue()).toBe('07-01-2026');
      expect(await grid().getByTestId(`progress-actualFinish-${id}`).inputValue()).toBe('13-01-2026');
      expect(await grid().getByTestId(`progress-planned-${id}`).innerText()).toBe('100 %');
    }
    expect(await grid().getByTestId(`progress-progress-${ELA12}`).inputValue()).toBe('100');
    expect(await grid().getByTestId(`progress-actualFinish-${ELA12}`).inputValue()).toBe('06-01-2026');
    expect(await grid().getByTestId(`progress-progress-${ACT3}`).inputValue()).toBe('0');
    expect(await grid().getByTestId(`progress-planned-${ACT3}`).innerText()).toBe('0 %');
    await screenshot(page, 'gantt-update-as-scheduled-grid');

    // an exception corrected in the grid: ACT2 is at 35 %
    const act2 = grid().getByTestId(`progress-progress-${ACT2}`);
    await act2.fill('35');
    await grid().getByRole('button', { name: 'Grabar avance' }).click();
    await expect.poll(() => grid().getByTestId('progress-grid-counts').innerText()).toContain('0 cambiadas');
    await grid().getByRole('button', { name: 'Salir' }).click();
    await grid().waitFor({ state: 'detached' });
    expect(await page.getByTestId('gantt-cutoff-chip').innerText()).toBe('Corte: 15-01-2026');

    type Tracked = GanttTask & { ActualStart?: string; ActualFinish?: string };
    const stored = new Map(
      (await seeded.loadGantt()).activities.map((task) => [task.TaskID, task as Tracked] as const),
    );
    expect(stored.get(ACT1)).toMatchObject({ Progress: 100, ActualStart: '2026-01-07', ActualFinish: '2026-01-13' });
    expect(stored.get(ELA11)).toMatchObject({ Progress: 100, ActualStart: '2026-01-07', ActualFinish: '2026-01-13' });
    expect(stored.get(ACT2)).toMatchObject({ Progress: 35, ActualStart: '2026-01-14' });
    expect(stored.get(ELA12)).toMatchObject({ Progress: 100, ActualStart: '2026-01-02', ActualFinish: '2026-01-06' });
    expect(stored.get(ACT3)?.Progress).toBe(0);
    expect(stored.get(ACT3)?.ActualStart).toBeUndefined();
  });
});
