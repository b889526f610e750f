import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog } from '../support/catalogues';
import { cell, editTask, openGanttPage, seedGanttProject, toolbar, toolbarButton, unsavedChip } from '../support/gantt';
import type { SeededGantt } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 35: a task's resources in the Gantt ('Recursos') and 'Redistribuir recursos'. The seeded
 * project (startYear 2026): 1 ELA · 2 ELA.1 · 3 M · 4 M.1 · 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 ·
 * 9 ELA.1.2; every leaf lasts 5 working days from Friday 02-01-2026 (Thursday 1 is Año Nuevo) to
 * Thursday 08-01-2026. One tower crane: ACT1 and ACT2 cannot both use it.
 */
const ACT1 = 5;
const ACT2 = 6;

describe('Gantt: resources and levelling (issue 35)', () => {
  let session: SignedInSession;
  let page: Page;
  let own: SeededGantt;

  const resourcesCell = (id: number): Locator => row(id).locator('[data-col-id=":resourceText"]');
  const row = (id: number): Locator => page.locator(`.wx-row[data-id="${id}"]`);
  const input = () => page.getByTestId('gantt-cell-input');

  async function typeInCell(id: number, text: string) {
    await resourcesCell(id).click();
    await expect.poll(() => page.locator('.wx-row.wx-selected').first().getAttribute('data-id')).toBe(String(id));
    await page.keyboard.press(text[0] ?? '');
    await input().waitFor();
    await input().pressSequentially(text.slice(1));
    await page.keyboard.press('Enter');
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('recursos-gantt');
    page = session.page;
    own = await seedGanttProject(session, ['ELA.1']);
    await callFunction(
      session.server.url,
      'saveObject',
      {
        collection: 'recursos',
        object: { code: 'GRUA-E2E', name: 'Grúa torre', type: 'equipment', unit: 'un', maxUnits: 1 },
      },
      own.cookie,
    );
  });

  afterAll(async () => {
    await session?.close();
  });

  it("types resources in the 'Recursos' cell, checked there; saves them", async () => {
    await openGanttPage(page, own.project, ACT1);
    await page.getByRole('columnheader', { name: 'Recursos' }).first().waitFor();
    await typeInCell(ACT1, 'Grúa torre');
    await expect.poll(() => resourcesCell(ACT1).innerText()).toBe('Grúa torre');
    // a name the catalogue does not have is refused at the cell, changing nothing
    await typeInCell(ACT2, 'Andamio');
    await expect
      .poll(() => page.getByTestId('gantt-cell-error').innerText())
      .toBe('Recursos: No hay un recurso «Andamio» en el catálogo de recursos');
    await page.keyboard.press('Escape');
    expect(await resourcesCell(ACT2).innerText()).toBe('');
    await typeInCell(ACT2, 'grua-e2e[1]');
    await expect.poll(() => resourcesCell(ACT2).innerText()).toBe('Grúa torre');
    expect(await unsavedChip(page).count()).toBe(1);
    await screenshot(page, 'gantt-resources-column');
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect
      .poll(async () =>
        (await own.loadGantt()).activities
          .filter((task) => task.Resources !== undefined)
          .map((task) => [task.TaskID, task.Resources?.[0]?.units]),
      )
      .toEqual([
        [ACT1, 1],
        [ACT2, 1],
      ]);
  });

  it("'Redistribuir recursos' previews, applies and is taken back from the task editor", async () => {
    await openGanttPage(page, own.project, ACT1);
    await toolbarButton(page, 'Redistribuir recursos').click();
    const dialog = page.getByRole('dialog', { name: 'Redistribuir recursos' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Vista previa' }).click();
    const preview = dialog.getByTestId('leveling-preview');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('1 tarea se movería; fin del proyecto 15-01-2026 (antes 08-01-2026)');
    expect(await preview.innerText()).toContain('1 tarea se mueve');
    await screenshot(page, 'gantt-leveling-preview');
    await dialog.getByRole('button', { name: 'Aplicar redistribución' }).click();
    await dialog.waitFor({ state: 'detached' });
    // ACT2 waits for the crane: Friday 09 to Thursday 15
    await expect.poll(() => cell(page, ACT2, 'endIso').innerText()).toBe('15-01-2026');
    expect(await row(ACT2).locator('[data-col-id=":levelingDelay"]').innerText()).toBe('+5');
    expect(await unsavedChip(page).count()).toBe(0);
    await screenshot(page, 'gantt-leveling-applied');

    // the task editor says so and takes it back
    const editor = await editTask(page, ACT2);
    await editor.waitFor();
    expect(await editor.innerText()).toContain('Redistribuida: su inicio se movió 5 días hábiles');
    await editor.getByRole('checkbox', { name: 'Quitar redistribución' }).check();
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, ACT2, 'endIso').innerText()).toBe('08-01-2026');
    expect(await row(ACT2).locator('[data-col-id=":levelingDelay"]').count()).toBe(0);
    // undo puts the levelling back, as every edit
    await toolbarButton(page, 'Deshacer').click();
    await expect.poll(() => cell(page, ACT2, 'endIso').innerText()).toBe('15-01-2026');
  });

  it('reads in dark mode and on a phone', async () => {
    await page.evaluate(() => {
      const key = 'cimiento-settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}') as {
        state: Record<string, unknown>;
      };
      localStorage.setItem(key, JSON.stringify({ state: { ...saved.state, isDarkMode: true }, version: 1 }));
    });
    await openGanttPage(page, own.project, ACT1);
    await toolbarButton(page, 'Redistribuir recursos').click();
    const dialog = page.getByRole('dialog', { name: 'Redistribuir recursos' });
    await dialog.getByRole('button', { name: 'Vista previa' }).click();
    await dialog.getByTestId('leveling-preview').waitFor();
    await screenshot(page, 'gantt-leveling-preview-dark');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.evaluate(() => localStorage.removeItem('cimiento-settings'));
    await page.setViewportSize({ width: 390, height: 844 });
    await openGanttPage(page, own.project, ACT1);
    await toolbarButton(page, 'Redistribuir recursos').click();
    await dialog.getByRole('button', { name: 'Vista previa' }).click();
    await dialog.getByTestId('leveling-preview').waitFor();
    await screenshot(page, 'gantt-leveling-preview-390');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
