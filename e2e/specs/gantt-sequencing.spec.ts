import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { GanttTask } from '../support/gantt';
import {
  cell,
  editTask,
  openGanttPage,
  selectTask,
  startOf,
  toolbar,
  toolbarButton,
  unsavedChip,
} from '../support/gantt';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, edpItemId, saveTorreAreaType } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 13: the sequencing option and 'Regenerar secuencia' in the Gantt. The seeded project
 * (startYear 2026, 'Tren de actividades'): area type Torre × 1 with sub-area Piso × 3 gives the EDP
 * ELA · ELA.1 · ELA.1.1 · ELA.1.2 · ELA.1.3. Each Piso gets the EDC M Estructura (main) · M.1 Losa
 * (sub) · ACT1 Moldaje (priority 1, 3 days) · ACT2 Hormigonar (priority 2, 2 days). The rules give:
 * ACT1 → ACT2 on each floor (rule 2: 3 links) and, floor to floor, each activity after the same one
 * on the floor below (rule 4, the train: 4 links); 'Secuencia por prioridad' only the first 3.
 */
const FLOORS = ['ELA.1.1', 'ELA.1.2', 'ELA.1.3'];

type Task = GanttTask & { generatedPredecessors?: number[] };
type Output = { activities: Task[]; version: number; sequencing: string };
type Floor = { act1: number; act2: number };

function edcList(floor: string) {
  return [
    { code: 'M', name: 'Estructura', parentCode: floor, kind: 'main', priority: 1 },
    { code: 'M.1', name: 'Losa', parentCode: 'M', kind: 'sub', priority: 1 },
    {
      code: 'ACT1',
      name: 'Moldaje',
      parentCode: 'M.1',
      kind: 'activity',
      sourceCode: 'ACT1',
      sourceName: 'Moldaje',
      priority: 1,
      duration: 3,
    },
    {
      code: 'ACT2',
      name: 'Hormigonar',
      parentCode: 'M.1',
      kind: 'activity',
      sourceCode: 'ACT2',
      sourceName: 'Hormigonar',
      priority: 2,
      duration: 2,
    },
  ];
}

/** `from_to` of every link, with `_g` when generated (as the chart names them), sorted. */
function linksOf(activities: Task[]): string[] {
  const links: string[] = [];
  for (const task of activities) {
    const generated = new Set(task.generatedPredecessors ?? []);
    for (const part of task.Predecessor.split(',').filter(Boolean)) {
      const from = Number(/^\d+/.exec(part)?.[0]);
      links.push(`${from}_${task.TaskID}${generated.has(from) ? '_g' : ''}`);
    }
  }
  return links.sort();
}

/** The chart's link ids (':from_to' or ':from_to_g'), without the colon, sorted. */
function chartLinks(page: Page): Promise<string[]> {
  return page
    .locator('g[data-link-id]:not(.wx-line-selected)')
    .evaluateAll((nodes) => nodes.map((node) => (node.getAttribute('data-link-id') ?? '').replace(/^:/, '')).sort());
}

function sequencingField(page: Page): Locator {
  return toolbar(page).getByRole('combobox', { name: 'Secuencia' });
}

/**
 * A point on a link's line, in page pixels, that the pointer reaches (no bar or link circle above
 * it), as gantt-handling.spec finds one.
 */
async function pointOnLink(page: Page, id: string): Promise<{ x: number; y: number }> {
  const find = () =>
    page.locator(`g[data-link-id=":${id}"] > .wx-line-hitbox`).evaluate((line, linkId) => {
      const numbers = (line.getAttribute('points') ?? '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      const svg = (line as SVGGraphicsElement).ownerSVGElement?.getBoundingClientRect();
      for (let index = 0; index + 3 < numbers.length; index += 2) {
        const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = numbers.slice(index, index + 4);
        for (let step = 1; step < 10; step += 1) {
          const x = (svg?.left ?? 0) + x1 + ((x2 - x1) * step) / 10;
          const y = (svg?.top ?? 0) + y1 + ((y2 - y1) * step) / 10;
          const element = document.elementFromPoint(x, y);
          if (element?.closest('g[data-link-id]')?.getAttribute('data-link-id') === `:${linkId}`) return { x, y };
        }
      }
      return null;
    }, id);
  await expect.poll(find).not.toBeNull();
  const point = await find();
  if (!point) throw new Error(`no free point on link ${id}`);
  return point;
}

describe('Gantt: sequencing option and Regenerar secuencia (issue 13)', () => {
  let session: SignedInSession;
  let page: Page;
  let project: LoadedProject;
  let cookie: string;
  const floors: Floor[] = [];
  const loadGantt = () => callFunction<Output>(session.server.url, 'loadGantt', { id: project._id }, cookie);

  async function openGantt() {
    await openGanttPage(page, project, floors[0]?.act1 ?? 0);
  }

  async function saveThroughScreen() {
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /Gantt grabado/);
    await expect.poll(() => unsavedChip(page).count()).toBe(0);
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt-sequencing');
    page = session.page;
    cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const areaType = await saveTorreAreaType(session, FLOORS.length);
    const projects = await ProjectApi.forSession(session);
    const saved = await projects.save({
      name: 'Edificio Los Aromos',
      code: 'ELA',
      currency: 'CLP',
      budget: '1000000',
      startYear: '2026',
      endYear: '2026',
      sequencing: 'train',
      tiposArea: [{ ...areaType, quantity: 1 }],
    });
    project = await projects.load(saved._id);
    for (const floor of FLOORS) {
      await callFunction(
        session.server.url,
        'saveEdc',
        { id: project._id, edc: { id: edpItemId(project, floor), version: 0, componentesEdc: edcList(floor) } },
        cookie,
      );
    }
    const gantt = await loadGantt();
    const byId = new Map(gantt.activities.map((task) => [task.TaskID, task]));
    const floorOf = (task: Task): string | undefined => {
      let current: Task | undefined = task;
      while (current && !FLOORS.includes(current.TaskCode)) {
        current = current.ParentId === undefined ? undefined : byId.get(current.ParentId);
      }
      return current?.TaskCode;
    };
    for (const floor of FLOORS) {
      const leaf = (code: string) =>
        gantt.activities.find((task) => task.TaskCode === code && floorOf(task) === floor)?.TaskID ?? 0;
      floors.push({ act1: leaf('ACT1'), act2: leaf('ACT2') });
    }
  });

  afterAll(async () => {
    await session?.close();
  });

  it('builds the train: each floor after the one below, drawn as generated links', async () => {
    const [f1, f2, f3] = floors as [Floor, Floor, Floor];
    const gantt = await loadGantt();
    expect(gantt.sequencing).toBe('train');
    const train = [
      `${f1.act1}_${f1.act2}_g`,
      `${f2.act1}_${f2.act2}_g`,
      `${f3.act1}_${f3.act2}_g`,
      `${f1.act1}_${f2.act1}_g`,
      `${f2.act1}_${f3.act1}_g`,
      `${f1.act2}_${f2.act2}_g`,
      `${f2.act2}_${f3.act2}_g`,
    ].sort();
    expect(linksOf(gantt.activities)).toEqual(train);
    expect(gantt.activities.find((task) => task.TaskID === f1.act1)?.Duration).toBe(3);

    await openGantt();
    expect(await sequencingField(page).innerText()).toBe('Tren de actividades');
    // floor 2's Moldaje after floor 1's
    await page.locator(`g[data-link-id=":${f1.act1}_${f2.act1}_g"]`).waitFor();
    expect(await chartLinks(page)).toEqual(train);
    // drawn lighter and dashed
    const style = await page
      .locator(`g[data-link-id=":${f1.act1}_${f2.act1}_g"] > .wx-line-draw`)
      .evaluate((line) => getComputedStyle(line).strokeDasharray);
    expect(style).not.toBe('none');
    await page.getByTestId('generated-link-legend').waitFor();
    await screenshot(page, 'gantt-sequencing-train');
  });

  it('a deleted generated link stays deleted after saving and reloading', async () => {
    const [f1, f2] = floors as [Floor, Floor];
    await openGantt();
    const id = `${f1.act2}_${f2.act2}_g`;
    const point = await pointOnLink(page, id);
    await page.mouse.click(point.x, point.y, { button: 'right' });
    const menu = page.getByRole('menu');
    await menu.getByText('Vínculo generado por la secuencia').waitFor();
    await screenshot(page, 'gantt-sequencing-link-menu');
    await menu.getByRole('menuitem', { name: 'Eliminar vínculo' }).click();
    await expect.poll(() => page.locator(`g[data-link-id=":${id}"]`).count()).toBe(0);
    await saveThroughScreen();

    await page.reload();
    await openGantt();
    expect(await chartLinks(page)).not.toContain(id);
    expect(await chartLinks(page)).toHaveLength(6);
    expect(linksOf((await loadGantt()).activities)).not.toContain(id);
  });

  it("keeps an edited duration; 'Secuencia por prioridad' asks with the counts, then drops the train", async () => {
    const [f1, f2, f3] = floors as [Floor, Floor, Floor];
    await openGantt();
    // floor 1's Moldaje: 3 → 6 days, through the task editor
    const editor = await editTask(page, f1.act1);
    await editor.getByRole('textbox', { name: 'Duración (días hábiles)' }).fill('6');
    await toolbarButton(page, 'Actualizar').click();
    await expect.poll(() => cell(page, f1.act1, 'workDays').innerText()).toBe('6');
    // floor 3's Hormigonar: a start the user types (Monday 2 March), later than the train puts it
    const f3Editor = await editTask(page, f3.act2);
    await f3Editor.getByRole('textbox', { name: 'Inicio', exact: true }).fill('02-03-2026');
    await toolbarButton(page, 'Actualizar').click();
    await expect.poll(() => startOf(page, f3.act2)).toBe('02-03-2026');
    await saveThroughScreen();
    const trained = await loadGantt();
    expect(trained.activities.find((task) => task.TaskID === f1.act1)?.Duration).toBe(6);
    // the train put floors 2 and 3's Moldaje after floor 1's; their own start stays floor 1's day
    const startsOf = (gantt: Output, id: number) => {
      const task = gantt.activities.find((candidate) => candidate.TaskID === id);
      return [task?.StartDate, task?.StartNoEarlierThan];
    };
    const f1Start = startsOf(trained, f1.act1)[0];
    expect(startsOf(trained, f2.act1)[0]).not.toBe(f1Start);
    expect(startsOf(trained, f2.act1)[1]).toBe(f1Start);
    expect(startsOf(trained, f3.act1)[1]).toBe(f1Start);
    expect(startsOf(trained, f3.act2)).toEqual(['2026-03-02', '2026-03-02']);
    const f1Shown = await startOf(page, f1.act1);

    // from the keyboard: the field, then the option
    await sequencingField(page).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Secuencia por prioridad' }).click();
    const dialog = confirmDialog(page);
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'Se reemplazarán los 6 vínculos generados por los de «Secuencia por prioridad». ' +
        'Los vínculos generados que eliminaste vuelven si esta secuencia los genera. ' +
        'Se conservan tus cambios de duraciones, inicios y nombres.',
    );
    await screenshot(page, 'gantt-sequencing-question');
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /Secuencia regenerada/);
    await expect.poll(() => sequencingField(page).innerText()).toBe('Secuencia por prioridad');

    const priority = [`${f1.act1}_${f1.act2}_g`, `${f2.act1}_${f2.act2}_g`, `${f3.act1}_${f3.act2}_g`].sort();
    await expect.poll(() => chartLinks(page)).toEqual(priority);
    const gantt = await loadGantt();
    expect(gantt.sequencing).toBe('priority');
    expect(linksOf(gantt.activities)).toEqual(priority);
    expect(gantt.activities.find((task) => task.TaskID === f1.act1)?.Duration).toBe(6);
    expect(await cell(page, f1.act1, 'workDays').innerText()).toBe('6');
    // re-flowed: without the train, floors 2 and 3's Moldaje start on floor 1's day (the chart too)
    expect(startsOf(gantt, f2.act1)[0]).toBe(f1Start);
    expect(startsOf(gantt, f3.act1)[0]).toBe(f1Start);
    await expect.poll(() => startOf(page, f2.act1)).toBe(f1Shown);
    expect(await startOf(page, f3.act1)).toBe(f1Shown);
    // floor 2's Hormigonar follows its own Moldaje only (Fri 2, Mon 5, Tue 6 January); the start
    // the user typed on floor 3's stays
    expect(f1Start).toBe('2026-01-02');
    expect(startsOf(gantt, f2.act2)[0]).toBe('2026-01-07');
    expect(startsOf(gantt, f3.act2)).toEqual(['2026-03-02', '2026-03-02']);
    expect(await startOf(page, f3.act2)).toBe('02-03-2026');
    await screenshot(page, 'gantt-sequencing-priority');
  });

  it("'Tren de actividades' again brings the deleted link back; 'Regenerar secuencia' keeps it so", async () => {
    const [f1, f2] = floors as [Floor, Floor];
    await openGantt();
    await sequencingField(page).click();
    await page.getByRole('option', { name: 'Tren de actividades' }).click();
    const dialog = confirmDialog(page);
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'Se reemplazarán los 3 vínculos generados por los de «Tren de actividades».',
    );
    // Cancelar changes nothing
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await sequencingField(page).innerText()).toBe('Secuencia por prioridad');
    expect(await chartLinks(page)).toHaveLength(3);

    await sequencingField(page).click();
    await page.getByRole('option', { name: 'Tren de actividades' }).click();
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /Secuencia regenerada/);
    const deleted = `${f1.act2}_${f2.act2}_g`;
    await expect.poll(() => chartLinks(page)).toContain(deleted);
    expect(await chartLinks(page)).toHaveLength(7);
    expect((await loadGantt()).activities.find((task) => task.TaskID === f1.act1)?.Duration).toBe(6);

    // 'Regenerar secuencia' from the keyboard, with an unsaved edit that is saved first
    await selectTask(page, f2.act2);
    await toolbarButton(page, 'Editar').click();
    await page
      .getByRole('form', { name: `Editar tarea ${f2.act2}` })
      .getByRole('textbox', { name: 'Duración (días hábiles)' })
      .fill('4');
    await toolbarButton(page, 'Actualizar').click();
    await unsavedChip(page).waitFor();
    await toolbarButton(page, 'Regenerar secuencia').focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Antes se grabarán los cambios sin grabar del Gantt.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await waitForSuccessToast(page, /Secuencia regenerada/);
    await expect.poll(() => unsavedChip(page).count()).toBe(0);
    const gantt = await loadGantt();
    expect(gantt.sequencing).toBe('train');
    expect(linksOf(gantt.activities)).toHaveLength(7);
    expect(gantt.activities.find((task) => task.TaskID === f2.act2)?.Duration).toBe(4);
    expect(await chartLinks(page)).toHaveLength(7);
    await screenshot(page, 'gantt-sequencing-train-again');
  });
});
