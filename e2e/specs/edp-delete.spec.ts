import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { screenshot } from '../support/browser';
import { CatalogueApi, confirmDialog, waitForSuccessToast } from '../support/catalogues';
import { openEdp, row, toolbarButton } from '../support/edp';
import type { GanttOutput, GanttTask } from '../support/gantt';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, edpItemId, seedAreaTypeProject } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

type EdcRow = { code: string; name: string; parentCode: string; kind: 'main' | 'sub' | 'activity' };

/*
 * Issue 12. The seeded project: area type Torre × 2 with sub-area Piso × 2 gives the EDP
 *   1 ELA · 2 ELA.1 · 3 ELA.1.1 · 4 ELA.1.2 · 5 ELA.2 · 6 ELA.2.1 · 7 ELA.2.2
 * ELA.1.2 (a leaf) gets an EDC of 13 rows (main, sub, 11 activities), so the first loadGantt gives
 * it 14 tasks (its own and one per EDC row) among 7 + 13 = 20; two links touch them.
 */

/** An EDC list: main M, sub M.1 and `activities` activities under it. */
function edcRows(edpCode: string, activities: number): EdcRow[] {
  return [
    { code: 'M', name: 'Estructura', parentCode: edpCode, kind: 'main' },
    { code: 'M.1', name: 'Hormigón', parentCode: 'M', kind: 'sub' },
    ...Array.from({ length: activities }, (_, index): EdcRow => ({
      code: `ACT${index + 1}`,
      name: `Actividad ${index + 1}`,
      parentCode: 'M.1',
      kind: 'activity',
    })),
  ];
}

/** Whether the document's focus is inside the EDP grid's table. */
function focusIsInGrid(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('.edp-grid table') !== null);
}

describe('EDP editor: counted deletions, undo, renumbering (issue 12)', () => {
  let session: SignedInSession;
  let projects: ProjectApi;
  let catalogues: CatalogueApi;
  let project: LoadedProject;
  let cookie: string;
  const call = <T>(name: string, data: unknown) => callFunction<T>(session.server.url, name, data, cookie);
  const loadGantt = () => call<GanttOutput>('loadGantt', { id: project._id });

  /** Saves an EDC on an item, builds the Gantt with it, then links the tasks `links` names by code (`from` → `to`). */
  async function seedEdcAndLinks(edpCode: string, activities: number, links: [string, string][]): Promise<void> {
    await call('saveEdc', {
      id: project._id,
      edc: { id: edpItemId(project, edpCode), version: 0, componentesEdc: edcRows(edpCode, activities) },
    });
    const gantt = await loadGantt();
    const taskId = (code: string, under?: string) => {
      // EDC codes repeat between items: ACT1 of the item's list is the one after the item's own task
      const start = under === undefined ? 0 : gantt.activities.findIndex((task) => task.TaskCode === under);
      const task = gantt.activities.slice(start).find((candidate) => candidate.TaskCode === code);
      if (!task) throw new Error(`no task ${code}`);
      return task.TaskID;
    };
    const incoming = new Map<number, number[]>();
    for (const [from, to] of links) {
      const target = taskId(to, edpCode);
      incoming.set(target, [...(incoming.get(target) ?? []), taskId(from, edpCode)]);
    }
    await call('saveGantt', {
      id: project._id,
      version: gantt.version,
      gantt: {
        activities: gantt.activities.map((task) =>
          incoming.has(task.TaskID) ? { ...task, Predecessor: (incoming.get(task.TaskID) ?? []).join(',') } : task,
        ),
      },
    });
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('edpdel');
    projects = await ProjectApi.forSession(session);
    catalogues = await CatalogueApi.forSession(session);
    cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    project = await seedAreaTypeProject(session, { year: '2026' });
    // ELA.1.2's ACT1 before its ACT2, and before ELA.2.1 (another item's task)
    await seedEdcAndLinks('ELA.1.2', 11, [
      ['ACT1', 'ACT2'],
      ['ACT1', 'ELA.2.1'],
    ]);
  });

  afterAll(async () => {
    await session?.close();
  });

  it("asks with the numbers before deleting a leaf, 'Deshacer' brings it back, and 'Grabar EDP' lists the deletion", async () => {
    const { page } = session;
    const before = await loadGantt();
    expect(before.activities).toHaveLength(20);
    expect(before.activities.filter((task) => task.Predecessor !== '')).toHaveLength(2);

    await openEdp(page, project);
    await row(page, 'ELA.1.2').click();
    await toolbarButton(page, 'Eliminar Item').click();
    const dialog = confirmDialog(page);
    await dialog
      .getByText('Se eliminarán 1 ítem, 13 componentes del EDC y 14 tareas del Gantt con sus vínculos.', {
        exact: true,
      })
      .waitFor();
    await dialog.getByText('ELA.1.2 Piso 2', { exact: true }).waitFor();
    await dialog.getByText('Entre ellas se pierden 2 vínculos del Gantt.').waitFor();
    await screenshot(page, 'edp-delete-counted');
    // Cancelar keeps it
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await row(page, 'ELA.1.2').waitFor();

    await toolbarButton(page, 'Eliminar Item').click();
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => row(page, 'ELA.1.2').count()).toBe(0);
    await page.getByText('Cambios sin grabar', { exact: true }).waitFor();

    // 'Deshacer' brings it back, selected, with nothing left unsaved
    await toolbarButton(page, 'Deshacer').click();
    await row(page, 'ELA.1.2').getByText('Piso 2').waitFor();
    expect(await row(page, 'ELA.1.2').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByText('Cambios sin grabar', { exact: true }).count()).toBe(0);
    expect(await toolbarButton(page, 'Deshacer').isDisabled()).toBe(true);

    // deleted again, then saved: the question lists what goes
    await toolbarButton(page, 'Eliminar Item').click();
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => row(page, 'ELA.1.2').count()).toBe(0);
    await toolbarButton(page, 'Grabar EDP').click();
    await dialog.getByText('Al grabar se eliminarán estos ítems con lo que tienen en el EDC y en el Gantt:').waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual([
      'ELA.1.2 Piso 2: 1 ítem, 13 componentes del EDC y 14 tareas del Gantt con sus vínculos',
    ]);
    await dialog.getByText('Entre ellas se pierden 2 vínculos del Gantt.').waitFor();
    await dialog.getByText('¿Estás seguro de modificar los datos?').waitFor();
    await screenshot(page, 'edp-delete-save-list');
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'EDP grabado: 6 ítems');

    // the item, its EDC and its 14 tasks with both links are gone
    project = await projects.load(project._id);
    expect(project.edp.items.map((item) => item.code)).toEqual([
      'ELA',
      'ELA.1',
      'ELA.1.1',
      'ELA.2',
      'ELA.2.1',
      'ELA.2.2',
    ]);
    await expect(call('loadEdc', { projectId: project._id, id: 4 })).rejects.toThrow(/NOT_FOUND/);
    const after = await loadGantt();
    expect(after.activities).toHaveLength(before.activities.length - 14);
    expect(after.activities.map((task) => task.TaskCode)).toEqual([
      'ELA',
      'ELA.1',
      'ELA.1.1',
      'ELA.2',
      'ELA.2.1',
      'ELA.2.2',
    ]);
    expect(after.activities.filter((task) => task.Predecessor !== '')).toEqual([]);
  });

  it("'Renumerar códigos' re-codes a subtree by position after asking; the EDC and Gantt links stay with the items", async () => {
    const { page } = session;
    // ELA.2.1 gets an EDC of 4 rows and a link ACT1 → ACT2 between its tasks
    await seedEdcAndLinks('ELA.2.1', 2, [['ACT1', 'ACT2']]);
    const gantt = await loadGantt();
    const ela21Task = gantt.activities.find((task) => task.TaskCode === 'ELA.2.1') as GanttTask;
    const linked = gantt.activities.filter((task) => task.Predecessor !== '');
    expect(linked).toHaveLength(1);

    await openEdp(page, project);
    // ELA.2 indented under ELA.1 keeps its stale code
    await row(page, 'ELA.2').click();
    await toolbarButton(page, 'Indentar').click();
    await expect.poll(() => row(page, 'ELA.2').getAttribute('aria-level')).toBe('3');
    await row(page, 'ELA.1').click();
    await toolbarButton(page, 'Renumerar códigos').click();
    const dialog = confirmDialog(page);
    await dialog
      .getByText(
        'Se cambiarán 3 códigos bajo ELA.1 Torre 1: cada ítem tendrá el código de su padre, un punto y su posición entre sus hermanos.',
      )
      .waitFor();
    await dialog
      .getByText('El EDC y las tareas del Gantt siguen a sus ítems: se conservan con sus vínculos.')
      .waitFor();
    await screenshot(page, 'edp-renumber-confirm');
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await row(page, 'ELA.1.2').getByText('Torre 2').waitFor();
    await row(page, 'ELA.1.2.1').getByText('Piso 1').waitFor();
    await row(page, 'ELA.1.2.2').getByText('Piso 2').waitFor();
    expect(await row(page, 'ELA.2').count()).toBe(0);

    // nothing changes twice
    await toolbarButton(page, 'Renumerar códigos').click();
    await page.getByText('Los códigos bajo ELA.1 Torre 1 ya siguen su posición: no hay nada que renumerar.').waitFor();

    // no deletion: the spec's plain question
    await toolbarButton(page, 'Grabar EDP').click();
    await dialog.getByText('¿Estás seguro de modificar los datos?').waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'EDP grabado: 6 ítems');

    project = await projects.load(project._id);
    expect(project.edp.items.map((item) => `${item.id} ${item.code}`)).toEqual([
      '1 ELA',
      '2 ELA.1',
      '3 ELA.1.1',
      '5 ELA.1.2',
      '6 ELA.1.2.1',
      '7 ELA.1.2.2',
    ]);
    // the EDC stays on item 6, its main item under the new code
    const edc = await call<{ edc: { code: string; componentesEdc: EdcRow[] } }>('loadEdc', {
      projectId: project._id,
      id: 6,
    });
    expect(edc.edc.code).toBe('ELA.1.2.1');
    expect(edc.edc.componentesEdc.map((item) => `${item.code}<${item.parentCode}`)).toEqual([
      'M<ELA.1.2.1',
      'M.1<M',
      'ACT1<M.1',
      'ACT2<M.1',
    ]);
    // the Gantt: the same task under the new code, its link and dates kept
    const after = await loadGantt();
    const task = after.activities.find((candidate) => candidate.TaskID === ela21Task.TaskID);
    expect(task).toMatchObject({ TaskCode: 'ELA.1.2.1', TaskName: 'Piso 1', StartDate: ela21Task.StartDate });
    expect(after.activities.filter((candidate) => candidate.Predecessor !== '')).toEqual(
      linked.map((candidate) =>
        expect.objectContaining({ TaskID: candidate.TaskID, Predecessor: candidate.Predecessor }),
      ),
    );
  });

  it('shows a row error where the row is, and keeps the focus in the grid after Enter and Escape', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1366, height: 768 });
    const casa = await catalogues.save('tipos-area', {
      code: 'CAS',
      name: 'Casa',
      priority: 2,
      sectores: [{ code: 'PAT', name: 'Patio', quantity: 1, priority: 1 }],
    });
    // 1 + 40 houses + 40 yards = 81 rows, all open: page 1 holds 50, page 2 the rest
    const saved = await projects.save({
      name: 'Villa Los Robles',
      code: 'VLR',
      currency: 'CLP',
      budget: '1000000',
      tiposArea: [{ ...casa, quantity: 40 }],
    });
    const villa = await projects.load(saved._id);
    await openEdp(page, villa);
    await page.getByText('1-50 de 81').waitFor();

    // VLR.23 sits near the bottom of page 1: a duplicate code, left unsaved while turning to page 2
    await row(page, 'VLR.23').dblclick();
    const code = page.getByRole('textbox', { name: 'Código del ítem 46' });
    await code.fill('vlr.1');
    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await page.getByText('51-81 de 81').waitFor();
    expect(await code.count()).toBe(0);
    await toolbarButton(page, 'Grabar').click();

    // back on its page, scrolled into view, the code field focused with the message under it
    await page.getByText('1-50 de 81').waitFor();
    // the row shows its code in a field while it is edited: found by its item id
    const message = page.locator('tr[data-edp-id="46"]').getByText('El código VLR.1 ya existe (ítem 2)');
    await message.waitFor();
    await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
    const box = await message.boundingBox();
    const container = await page.locator('.edp-grid .MuiTableContainer-root').boundingBox();
    if (!box || !container) throw new Error('message or grid not on screen');
    expect(box.y).toBeGreaterThanOrEqual(container.y);
    expect(box.y + box.height).toBeLessThanOrEqual(Math.min(container.y + container.height, 768));
    await screenshot(page, 'edp-row-error-revealed');

    // Escape cancels: the focus is on the row, in the grid
    await page.keyboard.press('Escape');
    await expect.poll(() => code.count()).toBe(0);
    expect(await focusIsInGrid(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-edp-id'))).toBe('46');
    // Enter on the row edits it; Enter in the field commits and the focus comes back to the row
    await page.keyboard.press('Enter');
    const name = page.getByRole('textbox', { name: 'Nombre del ítem 46' });
    await name.fill('Casa esquina');
    await name.press('Enter');
    await row(page, 'VLR.23').getByText('Casa esquina').waitFor();
    expect(await focusIsInGrid(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-edp-id'))).toBe('46');
    // the focused row is drawn with a visible ring (on its cells, whose backgrounds would cover a row outline)
    const ring = await page.evaluate(() => {
      const focused = document.activeElement as Element;
      return focused.matches(':focus-visible')
        ? getComputedStyle(focused.querySelector('td') as Element).boxShadow
        : '';
    });
    expect(ring).toMatch(/inset/);
    // and Ctrl+Z on it takes the rename back
    await page.keyboard.press('Control+z');
    await row(page, 'VLR.23').getByText('Casa 23').waitFor();
    expect(await focusIsInGrid(page)).toBe(true);
  });
});
