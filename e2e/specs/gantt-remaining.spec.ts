import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog } from '../support/catalogues';
import { cell, editTask, openGanttPage, seedGanttProject, selectTask, toolbar, toolbarButton } from '../support/gantt';
import type { SeededGantt } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 34, 'Duración restante'. The seeded project (startYear 2026): 1 ELA · 2 ELA.1 · 3 M · 4 M.1 ·
 * 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 · 9 ELA.1.2; every leaf lasts 5 working days from Friday
 * 02-01-2026 (Thursday 1 is Año Nuevo).
 */
const ELA12 = 9;

describe("Gantt: a task under way's remaining duration (issue 34)", () => {
  let session: SignedInSession;
  let page: Page;
  let own: SeededGantt;

  const grid = () => page.getByRole('dialog', { name: 'Registrar avance' });
  const keys = async (...presses: string[]) => {
    for (const press of presses) await page.keyboard.press(press);
  };

  beforeAll(async () => {
    session = await openAsFirstAdmin('restante');
    page = session.page;
    own = await seedGanttProject(session, ['ELA.1']);
  });

  afterAll(async () => {
    await session?.close();
  });

  it("issue 34: 'Restante (días)' holds what is left of a task under way; the chart and the task editor follow it", async () => {
    // a project of its own: ELA.1.2 started Monday 05-01 at 50 % at the cut-off Monday 12-01 leaves
    // ⌈5 × 0.5⌉ = 3 days (12–14-01); 7 days left as recorded run 12–20-01
    const loaded = await own.loadGantt();
    await callFunction(
      session.server.url,
      'saveProgress',
      {
        id: own.project._id,
        cutoff: '2026-01-12',
        entries: [{ TaskID: ELA12, ActualStart: '2026-01-05', Progress: 50 }],
        version: loaded.version,
      },
      own.cookie,
    );
    await openGanttPage(page, own.project, ELA12);
    expect(await cell(page, ELA12, 'endIso').innerText()).toBe('14-01-2026');
    await toolbarButton(page, 'Registrar avance').click();
    await grid().waitFor();
    const remaining = grid().getByTestId(`progress-remaining-${ELA12}`);
    // empty, showing what the progress leaves
    expect(await remaining.inputValue()).toBe('');
    expect(await remaining.getAttribute('placeholder')).toBe('3');
    await remaining.click();
    await page.keyboard.type('2,5');
    expect(await remaining.getAttribute('aria-invalid')).toBe('true');
    expect(await grid().getByTestId('progress-grid-messages').innerText()).toContain(
      'la duración restante es un número entero de días hábiles',
    );
    await keys('Control+A');
    await page.keyboard.type('7');
    expect(await remaining.getAttribute('aria-invalid')).toBe('false');
    await screenshot(page, 'gantt-progress-grid-remaining');
    await keys('Control+S');
    await expect.poll(() => grid().getByTestId(`progress-finish-${ELA12}`).innerText()).toBe('20-01-2026');
    await keys('Escape');
    await grid().waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, ELA12, 'endIso').innerText()).toBe('20-01-2026');
    expect((await own.loadGantt()).activities.find((task) => task.TaskID === ELA12)).toMatchObject({
      Progress: 50,
      RemainingDuration: 7,
      EndDate: '2026-01-20',
    });

    // the task editor shows it; a new progress empties it (the progress decides again, as MS Project)
    const editor = await editTask(page, ELA12);
    await editor.waitFor();
    const field = editor.getByRole('textbox', { name: 'Duración restante (días)' });
    expect(await field.inputValue()).toBe('7');
    await editor.getByRole('textbox', { name: 'Avance físico (%)' }).fill('60');
    expect(await field.inputValue()).toBe('');
    expect(await editor.innerText()).toContain('Vacía: 2 días por el avance');
    await field.fill('4');
    await screenshot(page, 'gantt-progress-task-editor-remaining');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    await editor.waitFor({ state: 'detached' });
    // 4 days from the cut-off: 12–15-01, on screen before it is saved
    await expect.poll(() => cell(page, ELA12, 'endIso').innerText()).toBe('15-01-2026');
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect
      .poll(async () => (await own.loadGantt()).activities.find((task) => task.TaskID === ELA12)?.RemainingDuration)
      .toBe(4);
    // 'Restante' among the tracking columns: 4 for ELA.1.2; ELA.1.1, not started, its 5 days
    await page.getByTestId('baseline-menu-button').click();
    await page.getByRole('menuitemcheckbox', { name: 'Columnas de seguimiento' }).click();
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, ELA12, 'remainingDays').innerText()).toBe('4');
    expect(await cell(page, 8, 'remainingDays').innerText()).toBe('5');
    await screenshot(page, 'gantt-tracking-remaining');
    await page.getByTestId('baseline-menu-button').click();
    await page.getByRole('menuitemcheckbox', { name: 'Columnas de seguimiento' }).click();
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
  });

  it("issue 34: a task's 'Fecha límite' draws its arrow over the bar, red once the task finishes after it; 'Notas' are kept", async () => {
    // ELA.1.1, not started, waits for the cut-off of the test above (Monday 12-01): 12–16-01
    const ELA11 = 8;
    await openGanttPage(page, own.project, ELA11);
    const editor = await editTask(page, ELA11);
    await editor.waitFor();
    const deadline = editor.getByRole('textbox', { name: 'Fecha límite' });
    await deadline.fill('31-02-2026');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    expect(await deadline.getAttribute('aria-invalid')).toBe('true');
    expect(await editor.innerText()).toContain('Fecha límite: escribe la fecha como dd-mm-aaaa');
    await deadline.fill('23-01-2026');
    const notes = editor.getByRole('textbox', { name: 'Notas' });
    await notes.click();
    await page.keyboard.type('Revisar cubicación');
    // Enter writes a new line in the notes, it does not apply the edit
    await page.keyboard.press('Enter');
    await page.keyboard.type('con la ITO');
    expect(await editor.isVisible()).toBe(true);
    await screenshot(page, 'gantt-task-editor-deadline-notes');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    await editor.waitFor({ state: 'detached' });
    // the arrow at the end of Friday 23-01, right of the bar's end (16-01), in green: the task is on time
    const arrow = page.locator(`.cim-deadline[data-deadline-id="${ELA11}"]`);
    await arrow.waitFor();
    expect(await arrow.getAttribute('class')).toBe('cim-deadline');
    const bar = await page.locator(`.wx-bar[data-id="${ELA11}"]`).boundingBox();
    const mark = await arrow.boundingBox();
    expect(bar && mark ? mark.x + mark.width / 2 - (bar.x + bar.width) : Number.NaN).toBeGreaterThan(0);
    // a longer duration (11 days: to Monday 26-01) finishes after it: the arrow turns red
    await selectTask(page, ELA11);
    await toolbarButton(page, 'Editar').click();
    await editor.waitFor();
    await editor.getByRole('textbox', { name: 'Duración (días hábiles)' }).fill('11');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => arrow.getAttribute('class')).toBe('cim-deadline cim-deadline-missed');
    expect(await arrow.getAttribute('title')).toBe('Fecha límite: 23-01-2026 (termina después)');
    await screenshot(page, 'gantt-deadline-missed');
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect
      .poll(async () => (await own.loadGantt()).activities.find((task) => task.TaskID === ELA11))
      .toMatchObject({
        Deadline: '2026-01-23',
        Notes: 'Revisar cubicación\ncon la ITO',
        Duration: 11,
        EndDate: '2026-01-26',
      });
  });

  it("issue 34: 'Reanudar' places the remaining work; 'Inicio fijo («Debe comenzar el»)' holds a task before the cut-off", async () => {
    // after the tests above: ELA.1.2 under way with 4 days left from the cut-off (12–15-01); ELA.1.1
    // not started, 11 days from the cut-off (12–26-01)
    const ELA11 = 8;
    await openGanttPage(page, own.project, ELA12);
    const editor = await editTask(page, ELA12);
    await editor.waitFor();
    const resume = editor.getByRole('textbox', { name: 'Reanudar' });
    expect(await resume.inputValue()).toBe('');
    expect(await editor.innerText()).toContain('Vacía: desde el corte');
    await resume.fill('31-02-2026');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    expect(await resume.getAttribute('aria-invalid')).toBe('true');
    expect(await editor.innerText()).toContain('Reanudar: escribe la fecha como dd-mm-aaaa');
    // stopped until Monday 19-01: its 4 days run 19–22-01
    await resume.fill('19-01-2026');
    await screenshot(page, 'gantt-task-editor-resume');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, ELA12, 'endIso').innerText()).toBe('22-01-2026');

    // ELA.1.1 must start on Tuesday 06-01, before the cut-off
    const other = await editTask(page, ELA11);
    await other.waitFor();
    const fixed = other.getByRole('checkbox', { name: /Inicio fijo/ });
    expect(await fixed.isChecked()).toBe(false);
    await other.getByRole('textbox', { name: 'Inicio', exact: true }).fill('06-01-2026');
    await fixed.check();
    await screenshot(page, 'gantt-task-editor-must-start');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    await other.waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, ELA11, 'startIso').innerText()).toBe('06-01-2026');
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect
      .poll(async () => {
        const saved = await own.loadGantt();
        const byId = (id: number) => saved.activities.find((task) => task.TaskID === id);
        return [byId(ELA12)?.Resume, byId(ELA12)?.EndDate, byId(ELA11)?.MustStartOn, byId(ELA11)?.StartDate];
      })
      .toEqual(['2026-01-19', '2026-01-22', true, '2026-01-06']);
    // the editor opens with it ticked
    await selectTask(page, ELA11);
    await toolbarButton(page, 'Editar').click();
    await other.waitFor();
    expect(await other.getByRole('checkbox', { name: /Inicio fijo/ }).isChecked()).toBe(true);
    await toolbar(page).getByRole('button', { name: 'Cancelar' }).click();
    await other.waitFor({ state: 'detached' });
  });
});
