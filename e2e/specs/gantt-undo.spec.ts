import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { SeededGantt } from '../support/gantt';
import {
  bar,
  cell,
  dragBar,
  editTask,
  openGanttPage,
  seedGanttProject,
  startOf,
  toolbarButton,
  unsavedChip,
} from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 32: 'Deshacer' / 'Rehacer' over the Gantt's edits, and the task editor's field errors.
 * The seeded project (startYear 2026) is gantt.spec.ts's:
 *   1 ELA · 2 ELA.1 · 3 M · 4 M.1 · 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 · 9 ELA.1.2
 * Every leaf works Friday 02-01-2026 to Thursday 08-01-2026 (5 working days), no links.
 */
const A = 5; // ACT1 Excavar
const B = 6; // ACT2 Hormigonar
const C = 7; // ACT3 Descimbrar
const IDS = [1, 2, 3, 4, A, B, C, 8, 9];

/** Draws a finish-to-start link: click the source's right handle, then the target's left handle. */
async function drawLink(page: Page, from: number, to: number): Promise<void> {
  await bar(page, from).hover();
  await bar(page, from).locator('.wx-link.wx-right').click();
  await bar(page, to).hover();
  await bar(page, to).locator('.wx-link.wx-left').click();
}

/** Every task's start and duration as the grid shows them, and the span in the header. */
async function schedule(page: Page): Promise<string[]> {
  const rows = [];
  for (const id of IDS) rows.push(`${id} ${await startOf(page, id)} ${await cell(page, id, 'workDays').innerText()}`);
  rows.push(await page.getByText(/^9 tareas · Del /).innerText());
  return rows;
}

function span(page: Page, finish: string) {
  return page.getByText(`9 tareas · Del 02-01-2026 al ${finish}`, { exact: true });
}

async function isDisabled(page: Page, name: string): Promise<boolean> {
  return toolbarButton(page, name).isDisabled();
}

/** The tooltip of a toolbar button, hovered. */
async function tooltipOf(page: Page, name: string): Promise<string> {
  await toolbarButton(page, name).locator('..').hover();
  // (a button clicked before keeps its own tooltip while it has the focus)
  const tooltip = page.getByRole('tooltip').filter({ hasText: new RegExp(`^${name}`) });
  await tooltip.waitFor();
  const text = await tooltip.innerText();
  await page.mouse.move(5, 5);
  await tooltip.waitFor({ state: 'hidden' });
  return text;
}

describe("Gantt 'Deshacer' / 'Rehacer' and field errors (issue 32)", () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;

  async function openGantt(): Promise<Page> {
    await page.close();
    page = await session.context.newPage();
    await openGanttPage(page, seeded.project, A);
    return page;
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt-undo');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1']);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('a duration edited, a bar dragged and a link drawn: Ctrl+Z ×3 gives back the original dates, Ctrl+Y redoes, and so do the buttons', async () => {
    await openGantt();
    const original = await schedule(page);
    await span(page, '08-01-2026').waitFor();
    expect(await isDisabled(page, 'Deshacer')).toBe(true);
    expect(await isDisabled(page, 'Rehacer')).toBe(true);

    // 1. the editor: ACT1 lasts 8 working days, 02-01 … 13-01
    const editor = await editTask(page, A);
    await editor.getByRole('textbox', { name: 'Duración (días hábiles)' }).fill('8');
    await toolbarButton(page, 'Actualizar').click();
    await editor.waitFor({ state: 'detached' });
    await span(page, '13-01-2026').waitFor();
    // 2. a drag: ACT3 one week right (84 px), 09-01 … 15-01
    await dragBar(page, C, 84);
    await expect.poll(() => startOf(page, C)).toBe('09-01-2026');
    // 3. a link: ACT1 → ACT2, which now starts after ACT1, on 14-01, and ends 20-01
    await drawLink(page, A, B);
    await expect.poll(() => startOf(page, B)).toBe('14-01-2026');
    await span(page, '20-01-2026').waitFor();
    const edited = await schedule(page);
    await unsavedChip(page).waitFor();

    // the buttons name the step they take back or forward, with their key
    expect(await isDisabled(page, 'Deshacer')).toBe(false);
    expect(await tooltipOf(page, 'Deshacer')).toBe('Deshacer: predecesoras de ACT2 Hormigonar (Ctrl+Z)');
    await screenshot(page, 'gantt-undo-three-edits');

    // Ctrl+Z three times, from the grid: the link, the drag, the duration
    await cell(page, 8, 'text').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => startOf(page, B)).toBe('02-01-2026');
    await expect.poll(() => page.locator(`g[data-link-id=":${A}_${B}"]`).count()).toBe(0);
    await span(page, '15-01-2026').waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(() => startOf(page, C)).toBe('02-01-2026');
    await span(page, '13-01-2026').waitFor();
    await page.keyboard.press('Control+z');
    await span(page, '08-01-2026').waitFor();
    expect(await schedule(page)).toEqual(original);
    // back to the saved Gantt: nothing unsaved, nothing left to undo
    await expect.poll(() => unsavedChip(page).count()).toBe(0);
    expect(await isDisabled(page, 'Deshacer')).toBe(true);
    expect(await tooltipOf(page, 'Rehacer')).toBe('Rehacer: duración de ACT1 Excavar (Ctrl+Y)');

    // Ctrl+Y and Ctrl+Shift+Z redo
    await page.keyboard.press('Control+y');
    await span(page, '13-01-2026').waitFor();
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => startOf(page, C)).toBe('09-01-2026');
    // the toolbar's buttons do the same
    await toolbarButton(page, 'Rehacer').click();
    await span(page, '20-01-2026').waitFor();
    expect(await schedule(page)).toEqual(edited);
    expect(await isDisabled(page, 'Rehacer')).toBe(true);
    for (const finish of ['15-01-2026', '13-01-2026', '08-01-2026']) {
      await toolbarButton(page, 'Deshacer').click();
      await span(page, finish).waitFor();
    }
    expect(await schedule(page)).toEqual(original);
    await toolbarButton(page, 'Rehacer').click();
    await span(page, '13-01-2026').waitFor();

    // Ctrl+Z in a text field undoes the typing there, not the Gantt
    const search = page.getByRole('textbox', { name: 'Buscar' });
    await search.click();
    await page.keyboard.type('ACT');
    await page.keyboard.press('Control+z');
    // (the browser groups the typing into one or more undo steps: some of it is gone)
    await expect.poll(async () => ['', 'A', 'AC'].includes(await search.inputValue())).toBe(true);
    await span(page, '13-01-2026').waitFor();
    expect(await isDisabled(page, 'Deshacer')).toBe(false);

    // 'Grabar Gantt' clears the history
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'Gantt grabado: 9 tareas');
    await expect.poll(() => isDisabled(page, 'Deshacer')).toBe(true);
    expect(await isDisabled(page, 'Rehacer')).toBe(true);
    await cell(page, 8, 'text').click();
    await page.keyboard.press('Control+z');
    await span(page, '13-01-2026').waitFor();
    expect((await seeded.loadGantt()).activities.find((task) => task.TaskID === A)?.Duration).toBe(8);
    // and so does a reload of the page, with nothing to undo
    await seeded.saveGantt((task) => (task.TaskID === A ? { Duration: 5 } : {}));
    await openGantt();
    await span(page, '08-01-2026').waitFor();
    expect(await isDisabled(page, 'Deshacer')).toBe(true);
  });

  it("the task editor's bad values: a Spanish message at the field, and 'Actualizar' changes nothing", async () => {
    await openGantt();
    // a link ACT1 → ACT2 first, so ACT2 as ACT1's predecessor closes a loop
    await drawLink(page, A, B);
    await expect.poll(() => startOf(page, B)).toBe('09-01-2026');
    const before = await schedule(page);

    const editor = await editTask(page, A);
    const duration = editor.getByRole('textbox', { name: 'Duración (días hábiles)' });
    for (const [typed, message] of [
      ['-3', 'Duración: no puede ser negativa'],
      ['abc', 'Duración: escribe un número entero de días hábiles'],
      ['99999', 'Duración: debe ser como máximo 10.000 días hábiles'],
    ] as const) {
      await duration.fill(typed);
      await toolbarButton(page, 'Actualizar').click();
      // the message sits under the field, which is red (aria-invalid) and has the focus
      await editor.getByText(message, { exact: true }).waitFor();
      expect(await duration.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => duration.evaluate((input) => input === document.activeElement)).toBe(true);
      if (typed === '-3') await screenshot(page, 'gantt-editor-field-error');
      expect(await editor.isVisible()).toBe(true);
      expect(await schedule(page)).toEqual(before);
    }
    await duration.fill('5');

    const start = editor.getByRole('textbox', { name: 'Inicio', exact: true });
    await start.fill('31-02-2026');
    await toolbarButton(page, 'Actualizar').click();
    await editor.getByText('Inicio: el 31-02-2026 no existe en el calendario', { exact: true }).waitFor();
    expect(await start.getAttribute('aria-invalid')).toBe('true');
    await start.fill('02-01-2026');

    await editor.getByRole('button', { name: 'Agregar predecesora' }).click();
    const predecessor = editor.getByTestId('predecessor-task-0');
    await predecessor.fill('77');
    await page.keyboard.press('Escape');
    await toolbarButton(page, 'Actualizar').click();
    await editor.getByText('Predecesoras: La fila 77 no existe', { exact: true }).waitFor();
    expect(await predecessor.getAttribute('aria-invalid')).toBe('true');

    await predecessor.fill('ACT2');
    await toolbarButton(page, 'Actualizar').click();
    await editor
      .getByText(
        'Predecesoras: ACT2 Hormigonar ya depende de esta tarea (ACT1 Excavar → ACT2 Hormigonar); el vínculo formaría un ciclo',
        { exact: true },
      )
      .waitFor();
    expect(await schedule(page)).toEqual(before);
    // nothing of it went into the history: the link is the only step
    await toolbarButton(page, 'Cancelar').click();
    await editor.waitFor({ state: 'detached' });
    expect(await tooltipOf(page, 'Deshacer')).toBe('Deshacer: predecesoras de ACT2 Hormigonar (Ctrl+Z)');
    await toolbarButton(page, 'Deshacer').click();
    await expect.poll(() => startOf(page, B)).toBe('02-01-2026');
    expect(await isDisabled(page, 'Deshacer')).toBe(true);
  });
});
