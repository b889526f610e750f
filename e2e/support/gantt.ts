import type { Locator, Page } from 'playwright-core';
import { callFunction, signInApi } from './api';
import type { LoadedProject } from './projects';
import { edpItemId, seedAreaTypeProject } from './projects';
import type { SignedInSession } from './signed-in';

/** What the Gantt specs share: the seeded project, the API's view of the Gantt, and the screen's parts. */

export type GanttTask = {
  TaskID: number;
  TaskCode: string;
  TaskName: string;
  /** computed: where the links and the calendar put the task */
  StartDate: string;
  /** the task's own start, a "no earlier than" (what the screen sends back as StartDate) */
  StartNoEarlierThan?: string;
  EndDate: string;
  Duration: number;
  Progress: number;
  ParentId?: number;
  Predecessor: string;
  critical: boolean;
  isSummary: boolean;
  /** issue 34 */
  Notes?: string;
  Deadline?: string;
  /** issue 34: the recorded remaining duration of a task under way */
  RemainingDuration?: number;
  /** issue 34: 'Inicio fijo («Debe comenzar el»)' and 'Reanudar' */
  MustStartOn?: boolean;
  Resume?: string;
  /** issue 35: 'Recursos', and what 'Redistribuir recursos' did */
  Resources?: { resourceId: string; units: number }[];
  LevelingDelay?: number;
  LeveledFrom?: string;
};
export type GanttOutput = { activities: GanttTask[]; version: number; projectStart: string; projectFinish: string };

/**
 * A change of a task for SeededGantt.saveGantt; issue 15: actual dates sent only when given (null: none);
 * issue 35: its resources, sent only when given (absent: kept; null or []: none).
 */
export type GanttChange = Partial<GanttTask> & {
  ActualStart?: string | null;
  ActualFinish?: string | null;
  Resources?: Array<{ resourceId: string; units: number }> | null;
};

export type SeededGantt = {
  project: LoadedProject;
  cookie: string;
  loadGantt: () => Promise<GanttOutput>;
  /** saves the Gantt through the API, each task changed by `change` (to seed a state) */
  saveGantt: (change: (task: GanttTask) => GanttChange) => Promise<GanttOutput>;
};

/**
 * The EDC list every seeded item gets: a main item (M, or the code given) · its sub item (M.1) ·
 * ACT1 Excavar · ACT2 Hormigonar · ACT3 Descimbrar.
 */
function edcList(itemCode: string, main: string) {
  return [
    { code: main, name: 'Fundaciones', parentCode: itemCode, kind: 'main' },
    { code: `${main}.1`, name: 'Zapatas', parentCode: main, kind: 'sub' },
    { code: 'ACT1', name: 'Excavar', parentCode: `${main}.1`, kind: 'activity' },
    { code: 'ACT2', name: 'Hormigonar', parentCode: `${main}.1`, kind: 'activity' },
    { code: 'ACT3', name: 'Descimbrar', parentCode: `${main}.1`, kind: 'activity' },
  ];
}

/**
 * 'Edificio Los Aromos' (ELA, startYear 2026): area type Torre × 1 with sub-area Piso × 2 gives the
 * EDP ELA · ELA.1 · ELA.1.1 · ELA.1.2; each item in `edcItems` gets the EDC list above. Every leaf
 * starts on Friday 02-01-2026 (Thursday 1 is Año Nuevo) and lasts 5 working days, to 08-01-2026.
 */
export async function seedGanttProject(
  session: SignedInSession,
  edcItems: string[],
  mainCode = 'M',
  torres = 1,
): Promise<SeededGantt> {
  const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
  const project = await seedAreaTypeProject(session, { torres, year: '2026' });
  for (const code of edcItems) {
    await callFunction(
      session.server.url,
      'saveEdc',
      { id: project._id, edc: { id: edpItemId(project, code), version: 0, componentesEdc: edcList(code, mainCode) } },
      cookie,
    );
  }
  const loadGantt = () => callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: project._id }, cookie);
  const saveGantt = async (change: (task: GanttTask) => GanttChange) => {
    const current = await loadGantt();
    const activities = current.activities.map((task) => {
      const changed = change(task);
      const next = { ...task, ...changed };
      return {
        TaskID: next.TaskID,
        TaskCode: next.TaskCode,
        TaskName: next.TaskName,
        // as the screen sends it: the task's "no earlier than", unless the change gives another start
        StartDate:
          changed.StartDate !== undefined && changed.StartDate !== task.StartDate
            ? changed.StartDate
            : (next.StartNoEarlierThan ?? next.StartDate),
        Duration: next.Duration,
        Progress: next.Progress,
        ParentId: next.ParentId ?? null,
        Predecessor: next.Predecessor,
        ...('ActualStart' in changed ? { ActualStart: changed.ActualStart } : {}),
        ...('ActualFinish' in changed ? { ActualFinish: changed.ActualFinish } : {}),
        ...('Resources' in changed ? { Resources: changed.Resources } : {}),
      };
    });
    await callFunction(
      session.server.url,
      'saveGantt',
      { id: project._id, gantt: { activities }, version: current.version },
      cookie,
    );
    return loadGantt();
  };
  return { project, cookie, loadGantt, saveGantt };
}

/**
 * Opens the project's Gantt in `page` and waits until it can be handled: the heading, the bar of
 * task `barId` drawn, and the global spinner gone (it fades out before the chart takes the pointer).
 */
export async function openGanttPage(
  page: Page,
  project: Pick<LoadedProject, '_id' | 'name'>,
  barId: number,
): Promise<void> {
  await page.goto(`/projects/${project._id}/gantt`);
  await page.getByRole('heading', { level: 1, name: `${project.name} :: Gantt`, exact: true }).waitFor();
  await bar(page, barId).waitFor();
  await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
}

export function toolbar(page: Page): Locator {
  return page.getByRole('toolbar', { name: 'Herramientas del Gantt' });
}

export function toolbarButton(page: Page, name: string): Locator {
  return toolbar(page).getByRole('button', { name, exact: true });
}

/** The chart bar of a task: SVAR's `.wx-bar` holding our template's `.cim-bar`. */
export function bar(page: Page, id: number): Locator {
  return page.locator('.wx-bar').filter({ has: page.locator(`.cim-bar[data-task-id="${id}"]`) });
}

/** The grid row of a task. */
export function row(page: Page, id: number): Locator {
  return page.locator(`.wx-row[data-id="${id}"]`);
}

export type GanttColumn =
  | 'taskId'
  | 'code'
  | 'text'
  | 'workDays'
  | 'startIso'
  | 'endIso'
  | 'predecessors'
  // issue 34: a tracking column ('Columnas de seguimiento')
  | 'remainingDays'
  // issue 35
  | 'resourceText'
  | 'levelingDelay';

export function cell(page: Page, id: number, column: GanttColumn): Locator {
  return row(page, id).locator(`[data-col-id=":${column}"]`);
}

/**
 * Selects a task by clicking its name's cell, and waits until the grid has it selected: a click
 * that lands while the grid still moves (the task editor closing above it, the grid scrolling to
 * the focused cell) can reach the row beside it, and 'Editar' would then open that one.
 */
export async function selectTask(page: Page, id: number): Promise<void> {
  const selected = page.locator(`.wx-row.wx-selected[data-id="${id}"]`);
  for (let attempt = 1; ; attempt += 1) {
    await cell(page, id, 'text').click();
    try {
      await selected.waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Selects a task and opens it in the task editor ('Editar'); answers the editor's form. */
export async function editTask(page: Page, id: number): Promise<Locator> {
  await selectTask(page, id);
  await toolbarButton(page, 'Editar').click();
  const form = page.getByRole('form', { name: `Editar tarea ${id}` });
  await form.waitFor();
  return form;
}

export function startOf(page: Page, id: number): Promise<string> {
  return cell(page, id, 'startIso').innerText();
}

/** The TaskCodes the grid shows, top to bottom. */
export function gridCodes(page: Page): Promise<string[]> {
  return page
    .locator('.wx-row [data-col-id=":code"]')
    .evaluateAll((cells) => cells.map((node) => (node.textContent ?? '').trim()));
}

export function unsavedChip(page: Page): Locator {
  return page.getByText('Cambios sin grabar', { exact: true });
}

/** A real pointer drag of a bar by `dx` pixels (84 px a week, 12 px a day). */
export async function dragBar(page: Page, id: number, dx: number): Promise<void> {
  const box = await bar(page, id).boundingBox();
  if (!box) throw new Error(`bar ${id} not on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 10 });
  await releaseMouse(page);
}

/**
 * Lets go of the mouse once the page has drawn two frames after the last move. SVAR applies a drag's
 * moves through React state, so a mouseup sent right after the last move could, on a loaded machine,
 * end the drag one step short (a parallel e2e run saw collaboration.spec's bar move 6 days, not 7).
 */
export async function releaseMouse(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  await page.mouse.up();
}

/** 'YYYY-MM-DD' → 'dd-MM-yyyy', as the grid shows dates. */
export function shown(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}-${month}-${year}`;
}
