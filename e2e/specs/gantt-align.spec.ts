import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import type { GanttTask, SeededGantt } from '../support/gantt';
import {
  bar,
  cell,
  openGanttPage,
  row,
  seedGanttProject,
  selectTask,
  toolbar,
  toolbarButton,
  releaseMouse,
} from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 32: the Gantt as the planner's daily workspace. Three towers of two floors, each floor with
 * the EDC M · M.1 · ACT1–3 (ACT2 after ACT1, ACT3 after ACT2): 40 rows, more than the chart shows at
 * 1440×900, so rows near the bottom of the view and past it can be clicked and reached.
 *   - always aligned: a row's cell and its bar share their vertical centre (±2 px) and the grid's
 *     header stays in view, on every path that moves or re-lays the rows;
 *   - no ghost links: hidden tasks draw no links, and a link ends on its bar after a zoom and a fit;
 *   - the divider cannot trap: each side keeps its least width, pointer and keyboard move it back,
 *     a double click restores the default split, the split is remembered;
 *   - room to work: Id (the row number), Código, Nombre, Duración, Inicio and Fin beside a chart as
 *     wide as the table, a column chooser remembered per user, the chart filling the height left and
 *     staying in view while the task editor is open.
 */
const FLOORS = ['ELA.1.1', 'ELA.1.2', 'ELA.2.1', 'ELA.2.2', 'ELA.3.1', 'ELA.3.2'];
const MIN_CHART = 160;
const MIN_GRID = 120;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return box;
}

/**
 * Every row shown between the grid's header and the chart's bottom, with its cell's and its bar's
 * vertical centres; and whether the grid's header is in view (its top at the grid's top, no inner
 * box of the grid scrolled).
 */
async function alignment(page: Page) {
  return page.evaluate(() => {
    const gantt = document.querySelector('.cim-gantt .wx-gantt') as HTMLElement;
    const header = document.querySelector('.cim-gantt .wx-table-container .wx-header') as HTMLElement;
    const table = document.querySelector('.cim-gantt .wx-table-container') as HTMLElement;
    const top = header.getBoundingClientRect().bottom;
    const bottom = gantt.getBoundingClientRect().top + gantt.clientHeight;
    const rows = Array.from(document.querySelectorAll<HTMLElement>('.cim-gantt .wx-row[data-id]'))
      .map((node) => {
        const id = node.getAttribute('data-id');
        const cellBox = node.getBoundingClientRect();
        const barBox = document
          .querySelector(`.cim-bar[data-task-id="${id}"]`)
          ?.closest('.wx-bar')
          ?.getBoundingClientRect();
        return {
          id: Number(id),
          cell: cellBox.top + cellBox.height / 2,
          bar: barBox ? barBox.top + barBox.height / 2 : null,
        };
      })
      .filter((entry) => entry.cell > top && entry.cell < bottom);
    return {
      rows,
      headerInView:
        Math.abs(header.getBoundingClientRect().top - gantt.getBoundingClientRect().top) <= 1 && table.scrollTop === 0,
    };
  });
}

/** Fails naming the rows whose cell and bar are more than 2 px apart, or a header out of view. */
async function expectAligned(page: Page, label: string) {
  // the chart may still be laying out after the step: its state is read once it settles
  await expect
    .poll(
      async () => {
        const { rows, headerInView } = await alignment(page);
        const off = rows.filter((entry) => entry.bar === null || Math.abs(entry.cell - entry.bar) > 2);
        return { shown: rows.length > 0, headerInView, off: off.map((entry) => entry.id) };
      },
      { timeout: 5_000, message: label },
    )
    .toEqual({ shown: true, headerInView: true, off: [] });
  // and it stays so (nothing scrolls an inner box a moment later)
  await page.waitForTimeout(150);
  const later = await alignment(page);
  expect(later.headerInView, label).toBe(true);
  expect(
    later.rows.filter((entry) => entry.bar === null || Math.abs(entry.cell - entry.bar) > 2).map((entry) => entry.id),
    label,
  ).toEqual([]);
}

/** The rows the grid shows now, top to bottom, inside the visible body. */
async function visibleRowIds(page: Page): Promise<number[]> {
  return (await alignment(page)).rows.map((entry) => entry.id);
}

/** The links drawn, each with its end (screen coordinates) and the box of its target's bar. */
async function drawnLinks(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<SVGGElement>('.cim-gantt .wx-links g.wx-line[data-link-id]')).map((group) => {
      const line = group.querySelector('.wx-line-draw') as SVGPolylineElement;
      const matrix = line.getScreenCTM();
      const points = (line.getAttribute('points') ?? '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      const x = points[points.length - 2] ?? Number.NaN;
      const y = points[points.length - 1] ?? Number.NaN;
      const id = (group.getAttribute('data-link-id') ?? '').replace(/^:/, '');
      const [from, to] = id.split('_').map(Number);
      const target = document
        .querySelector(`.cim-bar[data-task-id="${to}"]`)
        ?.closest('.wx-bar')
        ?.getBoundingClientRect();
      return {
        from,
        to,
        end: matrix ? { x: matrix.a * x + matrix.e, y: matrix.d * y + matrix.f } : null,
        target: target ? { left: target.left, right: target.right, top: target.top, bottom: target.bottom } : null,
      };
    }),
  );
}

/**
 * Every drawn link (finish-to-start here) whose target's bar is drawn ends at that bar's start, at
 * the bar's height (SVAR draws the bars of the rows in view, and every link crossing the view).
 */
async function expectLinksOnBars(page: Page, label: string) {
  await expect
    .poll(
      async () => {
        const links = (await drawnLinks(page)).filter((link) => link.target !== null);
        const off = links.filter(
          ({ end, target }) =>
            !end || !target || Math.abs(end.x - target.left) > 3 || end.y < target.top - 1 || end.y > target.bottom + 1,
        );
        return {
          drawn: links.length > 0,
          off: off.map((link) => `${link.from}→${link.to} ${JSON.stringify({ end: link.end, target: link.target })}`),
        };
      },
      { timeout: 5_000, message: label },
    )
    .toEqual({ drawn: true, off: [] });
}

describe('the Gantt as a workspace at 1440×900 (issue 32)', () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;
  let activities: GanttTask[];

  /** A new tab on the Gantt, the view settings of earlier tests cleared, light or dark. */
  async function openGantt(viewport = { width: 1440, height: 900 }, isDark = false) {
    await page.close();
    page = await session.context.newPage();
    await page.setViewportSize(viewport);
    await page.addInitScript((dark) => {
      if (sessionStorage.getItem('e2e-view-cleared') === null) {
        localStorage.removeItem('cimiento-gantt-view');
        sessionStorage.setItem('e2e-view-cleared', '1');
      }
      if (dark) localStorage.setItem('cimiento-settings', JSON.stringify({ state: { isDarkMode: true }, version: 1 }));
      else localStorage.removeItem('cimiento-settings');
    }, isDark);
    if (viewport.width >= 600) await openGanttPage(page, seeded.project, activities[0]?.TaskID ?? 1);
    else {
      // on a phone the heading sits under the app bar: the chart's first bar says the page is ready
      await page.goto(`/projects/${seeded.project._id}/gantt`);
      await bar(page, activities[0]?.TaskID ?? 1).waitFor();
      await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    }
    await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt-align');
    page = session.page;
    seeded = await seedGanttProject(session, FLOORS, 'M', 3);
    // ACT2 after ACT1, ACT3 after ACT2, on every floor: links to draw
    const loaded = (await seeded.loadGantt()).activities;
    const before = new Map(loaded.map((task, index) => [task.TaskID, loaded[index - 1]]));
    await seeded.saveGantt((task) => {
      const previous = before.get(task.TaskID);
      return (task.TaskCode === 'ACT2' || task.TaskCode === 'ACT3') && previous
        ? { Predecessor: `${previous.TaskID}FS` }
        : {};
    });
    activities = (await seeded.loadGantt()).activities;
    expect(activities).toHaveLength(40);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('keeps each row beside its bar and the header in view: clicks, keys, editor, outline, zoom, search, window', async () => {
    await openGantt();
    await toolbarButton(page, 'Expandir todo').click();
    await expectAligned(page, 'expanded');

    // a click on the name of the first, a middle and the last visible row (the reported case:
    // the table scrolled 128 px and the chart did not)
    for (const at of ['first', 'middle', 'last'] as const) {
      const ids = await visibleRowIds(page);
      const id = at === 'first' ? ids[0] : at === 'middle' ? ids[Math.floor(ids.length / 2)] : ids[ids.length - 1];
      await cell(page, id as number, 'text').click();
      await expectAligned(page, `click on the ${at} visible row (${id})`);
    }

    // the keyboard: down past the bottom, the project's last row, back to the first
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowDown');
    await expectAligned(page, 'arrow down past the bottom');
    await page.keyboard.press('End');
    const last = activities[activities.length - 1] as GanttTask;
    await expect.poll(() => row(page, last.TaskID).count()).toBe(1);
    await expectAligned(page, 'End: the last row of the project');
    await cell(page, last.TaskID, 'text').click();
    await expectAligned(page, 'click on the last row of the project');
    await page.keyboard.press('PageUp');
    await expectAligned(page, 'PageUp');
    await page.keyboard.press('Home');
    await expectAligned(page, 'Home');

    // the editor opened on a row near the bottom, then closed
    const ids = await visibleRowIds(page);
    const low = ids[ids.length - 2] as number;
    await selectTask(page, low);
    await toolbarButton(page, 'Editar').click();
    await page.getByRole('form', { name: `Editar tarea ${low}` }).waitFor();
    await expectAligned(page, 'editor open');
    await toolbarButton(page, 'Cancelar').click();
    await page.getByRole('form', { name: `Editar tarea ${low}` }).waitFor({ state: 'detached' });
    await expectAligned(page, 'editor closed');

    // the outline collapsed and expanded again
    await toolbarButton(page, 'Contraer todo').click();
    await expectAligned(page, 'collapsed');
    await toolbarButton(page, 'Expandir todo').click();
    await expectAligned(page, 'expanded again');

    // the zoom and the fit
    const zoom = (name: string) =>
      toolbar(page).getByRole('group', { name: 'Zoom' }).getByRole('button', { name, exact: true });
    await zoom('Mes').click();
    await expectAligned(page, 'zoom Mes');
    await toolbar(page).getByRole('button', { name: 'Ajustar a la pantalla' }).click();
    await expectAligned(page, 'fit to screen');

    // the search, and clearing it
    const search = toolbar(page).getByRole('textbox', { name: 'Buscar' });
    await search.fill('Descimbrar');
    await expect.poll(() => page.locator('.wx-row[data-id]').count()).toBeLessThan(30);
    await expectAligned(page, 'search');
    const found = await visibleRowIds(page);
    await cell(page, found[found.length - 1] as number, 'text').click();
    await expectAligned(page, 'click on a found row');
    await search.fill('');
    await expect.poll(() => page.locator('.wx-row[data-id]').count()).toBeGreaterThan(15);
    await expectAligned(page, 'search cleared');

    // the window resized, narrower and back
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectAligned(page, '1024×768');
    const again = await visibleRowIds(page);
    await cell(page, again[again.length - 1] as number, 'text').click();
    await expectAligned(page, 'click after the resize');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectAligned(page, 'back to 1440×900');
    await screenshot(page, 'gantt-align-1440');
  });

  it('draws no link of a hidden task, and redraws every link on its bars after a zoom and a fit', async () => {
    await openGantt();
    await toolbarButton(page, 'Expandir todo').click();
    await expectLinksOnBars(page, 'expanded');

    // only the project's row shows: no link has both ends shown, none is drawn
    await toolbarButton(page, 'Contraer todo').click();
    await expect.poll(() => page.locator('.wx-row[data-id]').count()).toBe(1);
    await page.waitForTimeout(200);
    expect(await drawnLinks(page)).toEqual([]);

    // one tower opened down to its floors' activities: only the links of the rows shown are drawn
    await toolbarButton(page, 'Expandir todo').click();
    await expectLinksOnBars(page, 'expanded again');
    const shown = new Set(
      await page
        .locator('.wx-row[data-id]')
        .evaluateAll((rows) => rows.map((node) => Number(node.getAttribute('data-id')))),
    );
    for (const link of await drawnLinks(page)) {
      expect(shown.has(link.from as number) || shown.has(link.to as number)).toBe(true);
    }

    for (const level of ['Día', 'Mes', 'Trimestre', 'Semana']) {
      await toolbar(page)
        .getByRole('group', { name: 'Zoom' })
        .getByRole('button', { name: level, exact: true })
        .click();
      await expectLinksOnBars(page, `zoom ${level}`);
    }
    await toolbar(page).getByRole('button', { name: 'Ajustar a la pantalla' }).click();
    await expectLinksOnBars(page, 'fit to screen');
    // collapsed after the fit: still none drawn in the empty rows
    await toolbarButton(page, 'Contraer todo').click();
    await expect.poll(() => page.locator('.wx-row[data-id]').count()).toBe(1);
    await page.waitForTimeout(200);
    expect(await drawnLinks(page)).toEqual([]);
  });

  it('never traps the divider: least widths, pointer and keys move it back, double click restores it, remembered', async () => {
    await openGantt();
    const divider = page.locator('.cim-gantt .wx-resizer');
    const gridWidth = async () => Math.round((await boxOf(page, '.wx-table-container')).width);
    const chartWidth = async () => Math.round((await boxOf(page, '.cim-gantt .wx-chart')).width);
    const area = await boxOf(page, '[data-testid="gantt-chart"]');
    const initial = await gridWidth();

    /** A real pointer drag of the divider to `x`. */
    const dragTo = async (x: number) => {
      const handle = await divider.boundingBox();
      if (!handle) throw new Error('no divider');
      const y = handle.y + handle.height / 2;
      await page.mouse.move(handle.x + handle.width / 2, y);
      await page.mouse.down();
      await page.mouse.move((handle.x + x) / 2, y, { steps: 5 });
      await page.mouse.move(x, y, { steps: 5 });
      await releaseMouse(page);
    };

    // to the right edge: the chart keeps its least width, the divider stays on screen
    await dragTo(area.x + area.width - 2);
    await expect.poll(chartWidth).toBeGreaterThanOrEqual(MIN_CHART - 8);
    expect(await page.locator('.cim-gantt .wx-chart').isVisible()).toBe(true);
    const handle = await divider.boundingBox();
    expect((handle?.x ?? 0) + (handle?.width ?? 0)).toBeLessThanOrEqual(area.x + area.width);
    // and back by pointer
    const wide = await gridWidth();
    await dragTo(area.x + 500);
    await expect.poll(gridWidth).toBeLessThan(wide - 200);

    // to the left edge: the grid keeps its least width
    await dragTo(area.x + 2);
    await expect.poll(gridWidth).toBeGreaterThanOrEqual(MIN_GRID - 1);
    expect(await gridWidth()).toBeLessThanOrEqual(MIN_GRID + 8);

    // the keyboard: Tab from the grid reaches it, arrows move it, Enter restores the default
    await divider.focus();
    const before = await gridWidth();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(gridWidth).toBe(before + 32);
    for (let step = 0; step < 40; step += 1) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(chartWidth).toBeGreaterThanOrEqual(MIN_CHART - 8);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(chartWidth).toBeGreaterThanOrEqual(MIN_CHART + 8);
    await page.keyboard.press('Enter');
    await expect.poll(gridWidth).toBe(initial);

    // a double click restores the default split too
    await dragTo(area.x + 300);
    await expect.poll(gridWidth).toBeLessThan(initial - 100);
    await divider.dblclick();
    await expect.poll(gridWidth).toBe(initial);

    // remembered after a reload
    await dragTo(area.x + 400);
    await expect.poll(gridWidth).toBeLessThan(initial - 50);
    const chosen = await gridWidth();
    await page.reload();
    await bar(page, activities[0]?.TaskID ?? 1).waitFor();
    await expect.poll(gridWidth).toBe(chosen);
    await divider.dblclick();
    await expect.poll(gridWidth).toBe(initial);
  });

  it('gives room to work: Id to Fin beside a chart as wide, a column chooser, the chart filling the height', async () => {
    await openGantt();
    const grid = await boxOf(page, '.wx-table-container');
    const timeline = await boxOf(page, '.cim-gantt .wx-chart');
    for (const column of ['taskId', 'code', 'text', 'workDays', 'startIso', 'endIso']) {
      const header = await page.locator(`.wx-grid .wx-header .wx-cell.wx-col-${column}`).boundingBox();
      expect(header, column).not.toBeNull();
      expect((header?.x ?? 0) + (header?.width ?? 0), column).toBeLessThanOrEqual(grid.x + grid.width + 1);
    }
    expect(timeline.width).toBeGreaterThanOrEqual(grid.width);
    // every header whole: 'Duración' was 'Duraci…' (SVAR kept room for a sort mark there is none of)
    const cutHeaders = await page
      .locator('.wx-grid .wx-header .wx-cell .wx-text')
      .evaluateAll((nodes) =>
        nodes.filter((node) => node.scrollWidth > node.clientWidth).map((node) => node.textContent),
      );
    expect(cutHeaders).toEqual([]);

    // the Id column: the row number in the whole outline (MS Project's ID), not the internal id
    await toolbarButton(page, 'Expandir todo').click();
    for (const index of [0, 1, 7, 12]) {
      const task = activities[index] as GanttTask;
      await expect.poll(() => cell(page, task.TaskID, 'taskId').innerText()).toBe(String(index + 1));
    }

    // the chart takes the card's height, the page does not scroll
    const chart = await boxOf(page, '[data-testid="gantt-chart"]');
    const card = await boxOf(page, 'section[aria-labelledby="page-title"]');
    expect(card.y + card.height - (chart.y + chart.height)).toBeLessThanOrEqual(32);
    expect(chart.height).toBeGreaterThanOrEqual(480);
    const scrolls = () => page.evaluate(() => (document.scrollingElement?.scrollHeight ?? 0) > window.innerHeight);
    expect(await scrolls()).toBe(false);
    await screenshot(page, 'gantt-room-1440-light');

    // the column chooser hides and shows any column, remembered after a reload
    const chooser = toolbar(page).getByRole('button', { name: 'Columnas' });
    await chooser.click();
    await page.getByRole('menuitemcheckbox', { name: 'Duración' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Id' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.wx-grid .wx-header .wx-cell.wx-col-workDays').count()).toBe(0);
    await expect.poll(() => page.locator('.wx-grid .wx-header .wx-cell.wx-col-taskId').count()).toBe(0);
    await page.reload();
    await bar(page, activities[0]?.TaskID ?? 1).waitFor();
    await expect.poll(() => page.locator('.wx-grid .wx-header .wx-cell.wx-col-workDays').count()).toBe(0);
    expect(await page.locator('.wx-grid .wx-header .wx-cell.wx-col-text').count()).toBe(1);
    await toolbar(page).getByRole('button', { name: 'Columnas' }).click();
    expect(await page.getByRole('menuitemcheckbox', { name: 'Duración' }).getAttribute('aria-checked')).toBe('false');
    await page.getByRole('menuitemcheckbox', { name: 'Duración' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Id' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.wx-grid .wx-header .wx-cell.wx-col-workDays').count()).toBe(1);
    await expect.poll(() => page.locator('.wx-grid .wx-header .wx-cell.wx-col-taskId').count()).toBe(1);

    // the task editor open: the chart stays whole on screen, at a useful height
    const task = activities[12] as GanttTask;
    await selectTask(page, task.TaskID);
    await toolbarButton(page, 'Editar').click();
    await page.getByRole('form', { name: `Editar tarea ${task.TaskID}` }).waitFor();
    const editing = await boxOf(page, '[data-testid="gantt-chart"]');
    expect(editing.y + editing.height).toBeLessThanOrEqual(900);
    expect(editing.height).toBeGreaterThanOrEqual(250);
    await screenshot(page, 'gantt-room-1440-editing');
    await toolbarButton(page, 'Cancelar').click();
  });

  it('looks right at 1440×900, 1024×768 and 390×844, light and dark', async () => {
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
      [390, 844],
    ] as const) {
      for (const isDark of [false, true]) {
        await openGantt({ width, height }, isDark);
        await expectAligned(page, `${width}×${height}`);
        await screenshot(page, `gantt-room-${width}-${isDark ? 'dark' : 'light'}`);
      }
    }
  }, 300_000);
});
