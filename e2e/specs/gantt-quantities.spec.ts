import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog } from '../support/catalogues';
import { gridTable, heading, tree } from '../support/edc';
import { cell, editTask, openGanttPage, seedGanttProject, toolbar, toolbarButton } from '../support/gantt';
import type { GanttTask, SeededGantt } from '../support/gantt';
import { edpItemId } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 35, durations from quantities (docs/RESOURCES.md "Quantities and durations"): the activity
 * 'Moldaje de losa' does 8 m² a crew-day with 2 crews of its 'Cuadrilla de moldaje'. On the seeded
 * project (ELA · ELA.1 · ELA.1.1 · ELA.1.2, startYear 2026) ELA.1.1 is priced at 120 m² and its EDC
 * has ACT1 and ACT2 from that activity: ACT1 takes the EDP item's 120 m² (⌈120 ÷ 16⌉ = 8 days),
 * ACT2's quantity is typed in the EDC grid (40 m² → 3 days). In the Gantt, 4 crews make ACT1 4 days;
 * a duration typed by hand on ACT2 wins and says so, also after a reload.
 */
type QuantityTask = GanttTask & { DurationByHand?: boolean };

describe('EDC quantities and the Gantt durations from them (issue 35)', () => {
  let session: SignedInSession;
  let page: Page;
  let own: SeededGantt;
  let crewId: string;

  const taskId = async (code: string) =>
    ((await own.loadGantt()).activities.find((task) => task.TaskCode === code) as GanttTask).TaskID;
  const task = async (code: string) =>
    (await own.loadGantt()).activities.find((item) => item.TaskCode === code) as QuantityTask;

  beforeAll(async () => {
    session = await openAsFirstAdmin('cantidades');
    page = session.page;
    own = await seedGanttProject(session, []);
    const call = <T>(name: string, data: unknown) => callFunction<T>(session.server.url, name, data, own.cookie);
    const crew = await call<{ object: { _id: string } }>('saveObject', {
      collection: 'recursos',
      object: { code: 'CMOL-E2E', name: 'Cuadrilla de moldaje', type: 'labor', unit: 'cuadrilla', maxUnits: 4 },
    });
    crewId = crew.object._id;
    const activity = await call<{ object: { _id: string } }>('saveObject', {
      collection: 'actividades',
      object: {
        code: 'MOL-E2E',
        name: 'Moldaje de losa',
        duration: 5,
        workUnit: 'm2',
        productivity: '8',
        resourceId: crewId,
        crews: 2,
      },
    });
    // ELA.1.1 priced by the m²
    const project = await call<{ project: { edp: { items: Record<string, unknown>[]; version: number } } }>(
      'loadProject',
      { id: own.project._id },
    );
    const items = project.project.edp.items.map((item) =>
      item.code === 'ELA.1.1' ? { ...item, unit: 'm²', quantity: '120', unitPrice: '15000' } : item,
    );
    await call('saveEdp', { id: own.project._id, edp: { items, version: project.project.edp.version } });
    const source = { sourceId: activity.object._id, sourceCode: 'MOL-E2E', sourceName: 'Moldaje de losa', duration: 5 };
    await call('saveEdc', {
      id: own.project._id,
      edc: {
        id: edpItemId(own.project, 'ELA.1.1'),
        version: 0,
        componentesEdc: [
          { code: 'M', name: 'Losa', parentCode: 'ELA.1.1', kind: 'main' },
          { code: 'M.1', name: 'Moldaje', parentCode: 'M', kind: 'sub' },
          { code: 'ACT1', name: 'Moldar losa', parentCode: 'M.1', kind: 'activity', ...source },
          { code: 'ACT2', name: 'Moldar vigas', parentCode: 'M.1', kind: 'activity', ...source },
        ],
      },
    });
  });

  afterAll(async () => {
    await session?.close();
  });

  it("types an activity's quantity in the EDC grid ('Cantidad'), checked there, beside the one taken from the EDP", async () => {
    await page.goto(`/projects/${own.project._id}/edc`);
    await heading(page, own.project, null).waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    // the tree opens at the root: the tower's branch from its expand icon (a click on the label selects)
    const torre = tree(page)
      .getByRole('treeitem')
      .filter({ has: page.getByText(/^ELA\.1 Torre/) })
      .last();
    await torre.locator('.MuiTreeItem-iconContainer').first().click();
    await expect.poll(() => torre.getAttribute('aria-expanded')).toBe('true');
    await tree(page)
      .getByText(/^ELA\.1\.1 Piso/)
      .click();
    await heading(page, own.project, 'ELA.1.1').waitFor();
    const quantity = (code: string) =>
      gridTable(page).locator(`tr[data-edc-code="${code}"] td[data-column="quantity"]`);
    await expect.poll(() => quantity('ACT1').innerText()).toBe('120 m² (del EDP)');
    expect(await quantity('ACT2').innerText()).toBe('120 m² (del EDP)');

    await gridTable(page).getByText('Moldar vigas').dblclick();
    const field = page.getByRole('textbox', { name: 'Cantidad de la actividad' });
    await field.fill('0');
    await field.press('Enter');
    await page.getByText('Debe ser mayor que 0', { exact: true }).waitFor();
    await field.fill('40');
    await field.press('Enter');
    await expect.poll(() => quantity('ACT2').innerText()).toBe('40 m²');
    await screenshot(page, 'edc-quantities');
    const edc = await callFunction<{ edc: { componentesEdc: { code: string; quantity?: string }[] } }>(
      session.server.url,
      'loadEdc',
      { projectId: own.project._id, id: edpItemId(own.project, 'ELA.1.1') },
      own.cookie,
    );
    expect(edc.edc.componentesEdc.find((item) => item.code === 'ACT2')?.quantity).toBe('40');
  });

  it('the Gantt sizes each task by its quantity; the editor shows the formula and more crews shorten it', async () => {
    const act1 = await taskId('ACT1');
    const act2 = await taskId('ACT2');
    await openGanttPage(page, own.project, act1);
    // ⌈120 ÷ (8 × 2)⌉ = 8 and ⌈40 ÷ 16⌉ = 3 working days
    await expect.poll(() => cell(page, act1, 'workDays').innerText()).toBe('8');
    expect(await cell(page, act2, 'workDays').innerText()).toBe('3');

    const editor = await editTask(page, act1);
    await editor.waitFor();
    const formula = editor.getByTestId('task-formula');
    expect(await formula.innerText()).toBe('120 m² ÷ (8 m²/día × 2 cuadrillas) = 8 días');
    await editor.getByTestId('task-crews').fill('4');
    await expect.poll(() => formula.innerText()).toBe('120 m² ÷ (8 m²/día × 4 cuadrillas) = 4 días');
    expect(await editor.getByRole('textbox', { name: 'Duración (días hábiles)' }).inputValue()).toBe('4');
    await screenshot(page, 'gantt-quantity-editor');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, act1, 'workDays').innerText()).toBe('4');
    await expect.poll(() => cell(page, act1, 'resourceText').innerText()).toBe('Cuadrilla de moldaje[4]');

    // a duration typed by hand on ACT2 wins and says so
    const second = await editTask(page, act2);
    await second.waitFor();
    await second.getByRole('textbox', { name: 'Duración (días hábiles)' }).fill('10');
    await expect
      .poll(() => second.getByTestId('duration-by-hand').innerText())
      .toBe('Duración escrita a mano: no se calcula con el rendimiento (el rendimiento daría 3 días)');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    await second.waitFor({ state: 'detached' });
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(async () => (await task('ACT1')).Duration).toBe(4);
    expect((await task('ACT1')).Resources).toEqual([{ resourceId: crewId, units: 4 }]);
    expect(await task('ACT2')).toMatchObject({ Duration: 10, DurationByHand: true });

    // after a reload the duration typed by hand stays, and the editor still says so
    await openGanttPage(page, own.project, act2);
    await expect.poll(() => cell(page, act2, 'workDays').innerText()).toBe('10');
    const again = await editTask(page, act2);
    await again.getByTestId('duration-by-hand').waitFor();
    await screenshot(page, 'gantt-quantity-by-hand');
  });
});
