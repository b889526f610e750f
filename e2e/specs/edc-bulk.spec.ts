import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { screenshot } from '../support/browser';
import { CatalogueApi, waitForSuccessToast } from '../support/catalogues';
import { gridCodes, heading, openEdc, tree, treeItem } from '../support/edc';
import type { GanttOutput, GanttTask } from '../support/gantt';
import type { EdpItem, LoadedProject } from '../support/projects';
import { ProjectApi } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 13, acceptance: "tick all 'Piso tipo' items of a generated building, assign a component by
 * drag and by keyboard, open the Gantt, and see the floors' shared activity staggered floor by
 * floor and a critical path that is no longer every task"; plus 'Copiar EDC a…' and 'Quitar de
 * los seleccionados' once each through the screen.
 *
 * Catalogue: EST Estructura (priority 1) with Losa (MOL Moldaje p1, 3 days; HOR Hormigonado p2,
 * 2 days) and ELC Canalización (priority 2) with Ductos (DUC Ductos eléctricos p1, 4 days); systems
 * OC Obra civil and ELE Eléctrico. Project 'Edificio Las Lilas' (sequencing 'train'): one
 * 'Edificio' with 'Primer piso' × 1 and 'Piso tipo' × 4.
 */

type BulkItem = { id: number; componentesEdc: { code: string; name: string; kind: string }[]; version: number };

function dropZone(page: Page, system: string): Locator {
  return page.getByRole('group', { name: `Sistema ${system}`, exact: true });
}

/** A real pointer drag of a component card onto a system (dnd-kit's PointerSensor: 5 px, then steps). */
async function dragComponentToSystem(page: Page, componentCode: string, system: string): Promise<void> {
  await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
  const source = page.locator(`[data-component-code="${componentCode}"]`);
  const target = dropZone(page, system);
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('component or system not on screen');
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX + 12, startY + 4, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await expect.poll(() => target.getAttribute('data-over'), { timeout: 5000 }).toBe('true');
  await screenshot(page, 'edc-bulk-drag-over-system');
  await page.mouse.up();
}

/** The text of the element that has the focus. */
function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

/** A MUI select driven from the keyboard only: it has the focus; Enter opens it, arrows move, Enter picks. */
async function chooseByKeyboard(page: Page, option: string): Promise<void> {
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor();
  for (let step = 0; step < 20 && (await focusedText(page)) !== option; step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await focusedText(page)).toBe(option);
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** The result dialog's lists: the items that changed and the skipped ones with their reasons. */
async function resultLists(page: Page, title: string): Promise<{ changed: string[]; skipped: string[] }> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const items = (name: string) =>
    dialog
      .getByRole('list', { name })
      .getByRole('listitem')
      .allInnerTexts()
      .catch(() => []);
  const changedList = dialog.getByRole('list', { name: 'Ítems que cambiaron' });
  const skippedList = dialog.getByRole('list', { name: 'Ítems omitidos y por qué' });
  return {
    changed: (await changedList.count()) > 0 ? await items('Ítems que cambiaron') : [],
    skipped: (await skippedList.count()) > 0 ? await items('Ítems omitidos y por qué') : [],
  };
}

function tickedCount(page: Page): Promise<string | null> {
  return page.getByTestId('edc-ticked-count').textContent();
}

/** The checkbox of a tree item (its own, not its children's). */
function checkbox(page: Page, label: string): Locator {
  return treeItem(page, label).locator(':scope > .MuiTreeItem-content input[type="checkbox"]');
}

describe('EDC for many items at once, and the Gantt it gives', () => {
  let session: SignedInSession;
  let project: LoadedProject;
  let cookie: string;
  let floors: EdpItem[];
  let primerPiso: EdpItem;
  const label = (item: EdpItem) => `${item.code} ${item.name}`;
  const loadEdc = (id: number) =>
    callFunction<{ edc: BulkItem | null }>(session.server.url, 'loadEdc', { projectId: project._id, id }, cookie);

  beforeAll(async () => {
    session = await openAsFirstAdmin('edc-bulk');
    const catalogues = await CatalogueApi.forSession(session);
    cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const moldaje = await catalogues.save('actividades', { code: 'MOL', name: 'Moldaje', priority: 1, duration: 3 });
    const hormigonado = await catalogues.save('actividades', {
      code: 'HOR',
      name: 'Hormigonado',
      priority: 2,
      duration: 2,
    });
    const ductos = await catalogues.save('actividades', {
      code: 'DUC',
      name: 'Ductos eléctricos',
      priority: 1,
      duration: 4,
    });
    await catalogues.save('sistemas', { code: 'OC', name: 'Obra civil', priority: 1 });
    await catalogues.save('sistemas', { code: 'ELE', name: 'Eléctrico', priority: 2 });
    await catalogues.save('componentes', {
      code: 'EST',
      name: 'Estructura',
      priority: 1,
      subcomponents: [
        {
          id: 1,
          code: 'LOS',
          name: 'Losa',
          priority: 1,
          actividades: [{ _id: hormigonado._id }, { _id: moldaje._id }],
        },
      ],
    });
    await catalogues.save('componentes', {
      code: 'ELC',
      name: 'Canalización',
      priority: 2,
      subcomponents: [{ id: 1, code: 'DUC', name: 'Ductos', priority: 1, actividades: [{ _id: ductos._id }] }],
    });
    const edificio = await catalogues.save('tipos-area', {
      code: 'EDI',
      name: 'Edificio',
      priority: 1,
      sectores: [
        { code: 'PP', name: 'Primer piso', quantity: 1, priority: 1 },
        { code: 'PT', name: 'Piso tipo', quantity: 4, priority: 2 },
      ],
    });
    const projects = await ProjectApi.forSession(session);
    const saved = await projects.save({
      name: 'Edificio Las Lilas',
      code: 'ELL',
      currency: 'CLP',
      budget: '1000000',
      startYear: '2026',
      endYear: '2026',
      sequencing: 'train',
      tiposArea: [{ ...edificio, quantity: 1 }],
    });
    project = await projects.load(saved._id);
    floors = project.edp.items.filter((item) => item.name.startsWith('Piso tipo'));
    const primer = project.edp.items.find((item) => item.name.startsWith('Primer piso'));
    if (!primer) throw new Error('no Primer piso in the EDP');
    primerPiso = primer;
  });

  afterAll(async () => {
    await session?.close();
  });

  it("ticks every 'Piso tipo' with 'Seleccionar similares' and assigns a component to them by dragging", async () => {
    const { page } = session;
    expect(floors.map((floor) => floor.name)).toEqual(['Piso tipo 1', 'Piso tipo 2', 'Piso tipo 3', 'Piso tipo 4']);
    await openEdc(page, project, null);
    // the building's branch opens from its icon; a click on a floor's label shows it
    const building = project.edp.items.find((item) => item.id === floors[0]?.parentId);
    if (!building) throw new Error('no building');
    await treeItem(page, label(building)).locator('.MuiTreeItem-iconContainer').first().click();
    await tree(page).getByText(label(floors[0]!), { exact: true }).click();
    await heading(page, project, floors[0]!.code).waitFor();
    expect(await tickedCount(page)).toBe('0 ítems marcados');

    await page.getByRole('button', { name: 'Seleccionar similares' }).click();
    await expect.poll(() => tickedCount(page)).toBe('4 ítems marcados');
    for (const floor of floors) expect(await checkbox(page, label(floor)).isChecked()).toBe(true);
    expect(await checkbox(page, label(primerPiso)).isChecked()).toBe(false);
    await page.getByText('Se asigna a los 4 ítems marcados').waitFor();
    await screenshot(page, 'edc-bulk-ticked');

    await dragComponentToSystem(page, 'EST', 'OC Obra civil');
    const result = await resultLists(page, 'Resultado de la asignación');
    expect(result.changed).toEqual(floors.map(label));
    expect(result.skipped).toEqual([]);
    await page.getByRole('dialog', { name: 'Resultado de la asignación' }).getByText('Se asignó a 4 ítems:').waitFor();
    await screenshot(page, 'edc-bulk-assign-result');
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await page.getByRole('dialog', { name: 'Resultado de la asignación' }).waitFor({ state: 'hidden' });

    // every floor has its own codes; the shown one shows them
    const suffix = (code: string) => code.split('.').slice(1).join('.');
    for (const floor of floors) {
      const stored = await loadEdc(floor.id);
      expect(stored.edc?.componentesEdc.map((item) => item.code)).toEqual([
        `EST.${suffix(floor.code)}.OC.1`,
        `EST.${suffix(floor.code)}.OC.1.1`,
        'ACT1',
        'ACT2',
      ]);
    }
    await expect
      .poll(() => gridCodes(page))
      .toEqual([`EST.${suffix(floors[0]!.code)}.OC.1`, `EST.${suffix(floors[0]!.code)}.OC.1.1`, 'ACT1', 'ACT2']);
  });

  it("assigns another component to the ticked floors from the keyboard only, through the 'Asignar' row", async () => {
    const { page } = session;
    const component = page.getByRole('combobox', { name: 'Componente principal' });
    await component.focus();
    await chooseByKeyboard(page, 'ELC Canalización');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await chooseByKeyboard(page, 'ELE Eléctrico');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Asignar a 4 ítems marcados');
    await page.keyboard.press('Enter');

    const result = await resultLists(page, 'Resultado de la asignación');
    expect(result.changed).toEqual(floors.map(label));
    await waitForSuccessToast(page, /4/);
    // the dialog's 'Cerrar' has the focus: Enter closes it
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Resultado de la asignación' }).waitFor({ state: 'hidden' });
    for (const floor of floors) {
      const stored = await loadEdc(floor.id);
      expect(stored.edc?.componentesEdc.filter((item) => item.kind === 'main').map((item) => item.code)).toHaveLength(
        2,
      );
    }
    expect(await gridCodes(page)).toHaveLength(7);
  });

  it("'Copiar EDC a…' copies the shown floor's EDC to the ticked items and lists those that already had it", async () => {
    const { page } = session;
    // Space ticks the focused tree item (the first floor is shown, Primer piso sits just above it)
    await treeItem(page, label(primerPiso)).focus();
    await page.keyboard.press(' ');
    await expect.poll(() => tickedCount(page)).toBe('5 ítems marcados');
    await page.getByRole('button', { name: 'Copiar EDC a…' }).click();
    const question = page.getByRole('alertdialog', { name: '¿Estás seguro?' });
    await question
      .getByText(`Se copiará el EDC de ${label(floors[0]!)} (7 filas) a 4 ítems marcados`, { exact: false })
      .waitFor();
    await screenshot(page, 'edc-bulk-copy-question');
    await question.getByRole('button', { name: 'Si, estoy seguro' }).click();
    const result = await resultLists(page, 'Resultado de la copia del EDC');
    expect(result.changed).toEqual([label(primerPiso)]);
    // each other floor already has both components: skipped once per component, with the reason
    expect(result.skipped).toHaveLength(6);
    await page
      .getByRole('dialog', { name: 'Resultado de la copia del EDC' })
      .getByText('Se omitieron 3 ítems:')
      .waitFor();
    expect([...new Set(result.skipped.map((line) => line.split(':')[0]))]).toEqual(
      floors.slice(1).map((floor) => floor.code),
    );
    expect(result.skipped.every((line) => line.length > `${floors[1]!.code}: `.length)).toBe(true);
    await screenshot(page, 'edc-bulk-copy-result');
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
    const copied = await loadEdc(primerPiso.id);
    expect(copied.edc?.componentesEdc.filter((item) => item.kind === 'main')).toHaveLength(2);
  });

  it("'Quitar de los seleccionados' asks with the counts, then removes the component from the ticked item", async () => {
    const { page } = session;
    // issue 33: the Gantt built and a baseline fixed, the question names the baseline its tasks are in
    await callFunction(session.server.url, 'loadGantt', { id: project._id }, cookie);
    await callFunction(session.server.url, 'saveBaseline', { id: project._id, name: 'LB Contrato' }, cookie);
    await page.getByRole('button', { name: 'Desmarcar todo' }).click();
    await expect.poll(() => tickedCount(page)).toBe('0 ítems marcados');
    await checkbox(page, label(primerPiso)).click();
    await expect.poll(() => tickedCount(page)).toBe('1 ítem marcado');
    await page.getByRole('button', { name: 'Quitar de los seleccionados' }).click();
    const form = page.getByRole('dialog', { name: 'Quitar un componente de los ítems marcados' });
    await form.getByRole('combobox', { name: 'Componente principal' }).click();
    await page.getByRole('option', { name: 'ELC Canalización' }).click();
    await form.getByRole('combobox', { name: 'Sistema' }).click();
    await page.getByRole('option', { name: 'ELE Eléctrico' }).click();
    await form.getByRole('button', { name: 'Quitar…' }).click();
    const question = page.getByRole('alertdialog', { name: '¿Estás seguro?' });
    await question
      .getByText(
        'Se quitará el componente ELC Canalización del sistema ELE Eléctrico de 1 ítem marcado, junto con sus subcomponentes, actividades y tareas del Gantt.',
      )
      .waitFor();
    await question
      .getByTestId('deletion-money')
      .getByText('Ten en cuenta: en la línea base «LB Contrato».', { exact: true })
      .waitFor();
    await screenshot(page, 'edc-bulk-unassign-question');
    await question.getByRole('button', { name: 'Si, estoy seguro' }).click();
    const result = await resultLists(page, 'Resultado de quitar el componente');
    expect(result.changed).toEqual([label(primerPiso)]);
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
    const stored = await loadEdc(primerPiso.id);
    expect(stored.edc?.componentesEdc.filter((item) => item.kind === 'main').map((item) => item.name)).toEqual([
      'Estructura',
    ]);
  });

  it("the Gantt staggers the floors' shared activity floor by floor, and not every task is critical", async () => {
    const { page } = session;
    await page.goto(`/projects/${project._id}/gantt`);
    await page.getByRole('heading', { level: 1, name: `${project.name} :: Gantt`, exact: true }).waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    await page.getByText('Moldaje').first().waitFor();
    await screenshot(page, 'edc-bulk-gantt');

    const gantt = await callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: project._id }, cookie);
    const byId = new Map(gantt.activities.map((task) => [task.TaskID, task]));
    const floorOf = (task: GanttTask): string | undefined => {
      let current: GanttTask | undefined = task;
      while (current) {
        const code = current.TaskCode;
        if (floors.some((floor) => floor.code === code)) return code;
        current = current.ParentId === undefined || current.ParentId === null ? undefined : byId.get(current.ParentId);
      }
      return undefined;
    };
    const moldajes = floors.map((floor) => {
      const task = gantt.activities.find(
        (candidate) => candidate.TaskName === 'Moldaje' && floorOf(candidate) === floor.code,
      );
      if (!task) throw new Error(`no Moldaje task for ${floor.code}`);
      return task;
    });
    // rule 4: floor k+1's Moldaje starts after floor k's Moldaje finished
    for (let index = 1; index < moldajes.length; index += 1) {
      const previous = moldajes[index - 1]!;
      const current = moldajes[index]!;
      expect(current.StartDate > previous.EndDate, `${current.StartDate} after ${previous.EndDate}`).toBe(true);
    }
    const leaves = gantt.activities.filter((task) => !task.isSummary);
    expect(leaves.length).toBeGreaterThan(10);
    expect(leaves.some((task) => !task.critical)).toBe(true);
    expect(leaves.some((task) => task.critical)).toBe(true);
  });
});
