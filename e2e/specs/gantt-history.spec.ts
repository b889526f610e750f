import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { GanttTask, SeededGantt } from '../support/gantt';
import {
  cell,
  dragBar,
  openGanttPage,
  seedGanttProject,
  selectTask,
  startOf,
  toolbarButton,
  unsavedChip,
} from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 32, 'History of real changes': a save records only what the user changed. The seeded Gantt
 * (see gantt.spec.ts), freshly generated from the EDP and EDC: 1 ELA · 2 ELA.1 · 3 M · 4 M.1 ·
 * 5 ACT1 Excavar · 6 ACT2 Hormigonar · 7 ACT3 Descimbrar · 8 ELA.1.1 · 9 ELA.1.2; the four summaries
 * (1–4) stored as built, every leaf 5 working days from Friday 02-01-2026. Four edits in the browser
 * move the summaries' rolled-up durations and dates (ELA ends on 21-01-2026 instead of 08-01-2026):
 * before issue 32 the first 'Grabar Gantt' listed them too ('Gantt: 8 tareas cambiadas').
 */
const ACT1 = 5;
const ACT2 = 6;
const ELA_1_1 = 8;
const ELA_1_2 = 9;

/** The task editor of the selected task ('Editar'), its fields changed, then 'Actualizar'. */
async function editTask(page: Page, id: number, fields: { duration?: string; start?: string }): Promise<void> {
  await selectTask(page, id);
  await toolbarButton(page, 'Editar').click();
  const editor = page.getByRole('form', { name: `Editar tarea ${id}` });
  await editor.waitFor();
  if (fields.duration !== undefined) {
    await editor.getByRole('textbox', { name: 'Duración (días hábiles)' }).fill(fields.duration);
  }
  if (fields.start !== undefined) await editor.getByRole('textbox', { name: 'Inicio', exact: true }).fill(fields.start);
  await toolbarButton(page, 'Actualizar').click();
  await editor.waitFor({ state: 'detached' });
}

/** The task lines of a history entry's 'Tareas' list: the first line of each item (code and name). */
function taskLines(section: Locator): Promise<string[]> {
  return section.locator(':scope > ul > li').evaluateAll((items) =>
    items.map((item) => {
      const line = item.cloneNode(true) as HTMLElement;
      for (const changes of Array.from(line.querySelectorAll('ul'))) changes.remove();
      return (line.textContent ?? '').trim();
    }),
  );
}

describe('the history of a Gantt save names only what the user changed (issue 32)', () => {
  let session: SignedInSession;
  let seed: SeededGantt;
  let page: Page;
  let loaded: Map<number, GanttTask>;

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt-history');
    seed = await seedGanttProject(session, ['ELA.1']);
    page = session.page;
    loaded = new Map((await seed.loadGantt()).activities.map((task) => [task.TaskID, task]));
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it("4 edits on a freshly generated Gantt, 'Grabar Gantt': the entry says 'Gantt: 4 tareas cambiadas' and lists exactly those 4", async () => {
    await openGanttPage(page, seed.project, ACT1);
    // 1. Excavar lasts 8 days
    await editTask(page, ACT1, { duration: '8' });
    await expect.poll(() => cell(page, ACT1, 'workDays').innerText()).toBe('8');
    // 2. Hormigonar dragged a week later
    await dragBar(page, ACT2, 84);
    await expect.poll(() => startOf(page, ACT2)).toBe('09-01-2026');
    // 3. ELA.1.1 lasts 3 days
    await editTask(page, ELA_1_1, { duration: '3' });
    await expect.poll(() => cell(page, ELA_1_1, 'workDays').innerText()).toBe('3');
    // 4. ELA.1.2 starts no earlier than Thursday 15 January
    await editTask(page, ELA_1_2, { start: '15-01-2026' });
    await expect.poll(() => startOf(page, ELA_1_2)).toBe('15-01-2026');
    // the summaries rolled up on screen: ELA spans 02-01 … 21-01 (ELA.1.2: 15, 16, 19, 20, 21)
    await expect.poll(() => cell(page, 1, 'endIso').innerText()).toBe('21-01-2026');
    await unsavedChip(page).waitFor();

    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /Gantt grabado/);

    // the project's home: its 'Historial', newest first
    await page.goto(`/projects/${seed.project._id}`);
    const newest = page.getByRole('list', { name: 'Historial' }).getByRole('listitem').first();
    await newest.waitFor();
    expect(await newest.innerText()).toContain('Gantt: 4 tareas cambiadas');
    await newest.getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Detalle del cambio' });
    const tasks = dialog.getByRole('region', { name: 'Tareas' });
    await tasks.waitFor();
    const label = (id: number) => `${loaded.get(id)?.TaskCode ?? ''} ${loaded.get(id)?.TaskName ?? ''}`;
    expect(await taskLines(tasks)).toEqual([label(ACT1), label(ACT2), label(ELA_1_1), label(ELA_1_2)]);
    const text = await tasks.innerText();
    expect(text).toContain('Duración: 5 días → 8 días');
    expect(text).toContain('Inicio: 02-01-2026 → 09-01-2026');
    expect(text).toContain('Duración: 5 días → 3 días');
    expect(text).toContain('Inicio: 02-01-2026 → 15-01-2026');
    // the summaries and the untouched leaf are not there
    for (const id of [1, 2, 3, 4, 7]) expect(await taskLines(tasks)).not.toContain(label(id));
    expect(await dialog.getByRole('region', { name: 'Agregados' }).count()).toBe(0);
    await screenshot(page, 'gantt-history-entry');
  }, 180_000);
});
