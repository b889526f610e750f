import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import type { SeededGantt } from '../support/gantt';
import { bar, cell, openGanttPage, seedGanttProject, toolbar, toolbarButton, releaseMouse } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 12, "Cramped view": the Gantt fills the window at 1366×768 and 1024×768 (the page does not
 * scroll, the chart takes what the header and the toolbar leave), the toolbar is a ribbon of two
 * rows at most, deep EDC codes are not cut at the default width, and the grid shows Código, Nombre
 * (and Duración at 1366 px) beside a chart that keeps the larger half.
 *
 * The seeded EDC under ELA.1 and ELA.1.1 is AAP.1.1.AP.1 · AAP.1.1.AP.1.1 · ACT1..3, so the Gantt is
 *   1 ELA · 2 ELA.1 · 3 AAP.1.1.AP.1 · 4 AAP.1.1.AP.1.1 · 5–7 ACT1–3
 *         · 8 ELA.1.1 · 9 AAP.1.1.AP.1 · 10 AAP.1.1.AP.1.1 (five levels down) · 11–13 ACT1–3 · 14 ELA.1.2
 */
const DEEP = 10;
const VIEWPORTS = [
  [1366, 768],
  [1024, 768],
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return box;
}

/** The toolbar's rows: its controls grouped by their vertical centre (a row's controls line up). */
async function toolbarRows(page: Page): Promise<number> {
  const centres = await toolbar(page)
    .locator('button, input:not([type="checkbox"]):not([aria-hidden="true"]), [role="combobox"], [type="checkbox"]')
    .evaluateAll((nodes) =>
      nodes
        .map((node) => node.getBoundingClientRect())
        .filter((rect) => rect.width > 0 && rect.height > 0)
        .map((rect) => rect.y + rect.height / 2),
    );
  expect(centres.length).toBeGreaterThan(15);
  const rows: number[] = [];
  for (const centre of centres.sort((a, b) => a - b)) {
    if (rows.length === 0 || centre - (rows.at(-1) ?? 0) > 12) rows.push(centre);
  }
  return rows.length;
}

/** Whether a grid column's header is wholly inside the grid (not behind the divider). */
async function isColumnShown(page: Page, column: string): Promise<boolean> {
  const grid = await boxOf(page, '.wx-table-container');
  const header = await page.locator(`.wx-grid .wx-header .wx-cell.wx-col-${column}`).boundingBox();
  return header !== null && header.x + header.width <= grid.x + grid.width + 1;
}

describe('Gantt layout at 1366×768 and 1024×768 (issue 12)', () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;

  /** A new tab on the Gantt, the view settings of earlier tests cleared, light or dark. */
  async function openGantt(viewport: { width: number; height: number }, isDark = false) {
    await page.close();
    page = await session.context.newPage();
    await page.setViewportSize(viewport);
    await page.addInitScript((dark) => {
      // once per tab: a reload keeps what the test chose
      if (sessionStorage.getItem('e2e-view-cleared') === null) {
        localStorage.removeItem('cimiento-gantt-view');
        sessionStorage.setItem('e2e-view-cleared', '1');
      }
      if (dark) localStorage.setItem('cimiento-settings', JSON.stringify({ state: { isDarkMode: true }, version: 1 }));
      else localStorage.removeItem('cimiento-settings');
    }, isDark);
    await openGanttPage(page, seeded.project, DEEP);
    await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt-layout');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1', 'ELA.1.1'], 'AAP.1.1.AP.1');
    const codes = (await seeded.loadGantt()).activities.map((task) => task.TaskCode);
    expect(codes[DEEP - 1]).toBe('AAP.1.1.AP.1.1');
  });

  afterAll(async () => {
    await session?.close();
  });

  it('fills the window without scrolling the page, the toolbar in two rows, deep codes whole, light and dark', async () => {
    for (const [width, height] of VIEWPORTS) {
      for (const isDark of [false, true]) {
        const label = `${width}×${height} ${isDark ? 'dark' : 'light'}`;
        await openGantt({ width, height }, isDark);

        const heights = await page.evaluate(() => ({
          scrollHeight: document.scrollingElement?.scrollHeight ?? 0,
          innerHeight: window.innerHeight,
        }));
        expect(heights.scrollHeight, label).toBeLessThanOrEqual(heights.innerHeight);
        expect(await toolbarRows(page), label).toBeLessThanOrEqual(2);

        // the chart takes the rest of the window, whole: below the toolbar, its bottom on screen
        const chart = await boxOf(page, '[data-testid="gantt-chart"]');
        const tools = await toolbar(page).boundingBox();
        expect(chart.y, label).toBeGreaterThan((tools?.y ?? 0) + (tools?.height ?? 0) - 1);
        expect(chart.y + chart.height, label).toBeLessThanOrEqual(height);
        expect(chart.height, label).toBeGreaterThanOrEqual(360);
        const card = await boxOf(page, 'section[aria-labelledby="page-title"]');
        expect(chart.y + chart.height, label).toBeLessThanOrEqual(card.y + card.height);

        // 'ELA.1.1.AAP.1.1.AP.1.1' (issue 32's unique code) five levels down is not cut at the default width
        const code = cell(page, DEEP, 'code').locator('.cim-cell-text');
        expect(await code.innerText()).toBe('ELA.1.1.AAP.1.1.AP.1.1');
        const fit = await code.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
        expect(fit.client, label).toBeGreaterThan(0);
        expect(fit.scroll, label).toBeLessThanOrEqual(fit.client);

        // Código and Nombre beside the chart (and Duración at 1366 px); the chart keeps the larger half
        expect(await isColumnShown(page, 'code'), label).toBe(true);
        expect(await isColumnShown(page, 'text'), label).toBe(true);
        if (width === 1366) expect(await isColumnShown(page, 'workDays'), label).toBe(true);
        const grid = await boxOf(page, '.wx-table-container');
        const timeline = await boxOf(page, '.wx-chart');
        expect(timeline.width, label).toBeGreaterThan(grid.width);

        if (isDark) {
          // the chart on the card's own surface, not WillowDark's grey
          const colours = await page.evaluate(() => ({
            card: getComputedStyle(document.querySelector('section[aria-labelledby="page-title"]') as Element)
              .backgroundColor,
            scale: getComputedStyle(document.querySelector('.wx-scale') as Element).backgroundColor,
          }));
          expect(colours.scale, label).toBe(colours.card);
        }
        await screenshot(page, `gantt-layout-${width}-${isDark ? 'dark' : 'light'}`);
      }
    }
  });

  it('keeps a column the user resized, and only that one: the divider stays, Nombre fills up to it', async () => {
    await openGantt({ width: 1366, height: 768 });
    const codeCell = cell(page, DEEP, 'code');
    const gridWidth = async () => Math.round((await boxOf(page, '.wx-table-container')).width);
    const divider = await gridWidth();
    const before = (await codeCell.boundingBox())?.width ?? 0;
    // the Código header's grip dragged 80 px to the left
    const grip = page.locator('.wx-grid .wx-header .wx-cell.wx-col-code .wx-grip');
    const handle = await grip.boundingBox();
    if (!handle) throw new Error('no grip on the Código header');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 - 40, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.move(handle.x + handle.width / 2 - 80, handle.y + handle.height / 2, { steps: 5 });
    await releaseMouse(page);
    const narrowed = async () => Math.abs(((await codeCell.boundingBox())?.width ?? 0) - (before - 80)) <= 2;
    await expect.poll(narrowed).toBe(true);
    // now it is cut, as the user chose; the tooltip still has the code
    const code = codeCell.locator('.cim-cell-text');
    expect(await code.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    expect(await code.getAttribute('title')).toBe('ELA.1.1.AAP.1.1.AP.1.1 Zapatas · ELA.1.1 Piso 1');

    const stored = () =>
      page.evaluate(() => {
        const raw = JSON.parse(localStorage.getItem('cimiento-gantt-view') ?? '{}') as {
          state?: { byUser?: Record<string, { columnWidths?: Record<string, number> }> };
        };
        return Object.values(raw.state?.byUser ?? {})[0]?.columnWidths;
      });
    const widths = await stored();
    expect(Object.keys(widths ?? {})).toEqual(['code']);
    expect(Math.abs((widths?.code ?? 0) - (before - 80))).toBeLessThanOrEqual(2);

    // the divider has not moved, and the last column shown ends on it
    const edgeOfLastShown = () =>
      page.evaluate(() => {
        const grid = document.querySelector('.wx-table-container')?.getBoundingClientRect();
        const edges = Array.from(document.querySelectorAll('.wx-grid .wx-header .wx-cell'))
          .map((node) => node.getBoundingClientRect().right)
          .filter((right) => grid && right <= grid.right + 1);
        return grid ? Math.round(grid.right - Math.max(...edges)) : -1;
      });
    expect(await gridWidth()).toBe(divider);
    await expect.poll(edgeOfLastShown).toBeLessThanOrEqual(2);

    // remembered after a reload
    await page.reload();
    await bar(page, DEEP).waitFor();
    await expect.poll(narrowed).toBe(true);
    expect(await gridWidth()).toBe(divider);
  });

  it('with the task editor open the chart keeps its least height, and the page scrolls instead of clipping it', async () => {
    await openGantt({ width: 1366, height: 768 });
    await page.locator(`.wx-row[data-id="${DEEP}"]`).click();
    await toolbarButton(page, 'Editar').click();
    await page.getByRole('form', { name: `Editar tarea ${DEEP}` }).waitFor();
    const chart = await boxOf(page, '[data-testid="gantt-chart"]');
    expect(chart.height).toBeGreaterThanOrEqual(280);
    const card = await boxOf(page, 'section[aria-labelledby="page-title"]');
    expect(chart.y + chart.height).toBeLessThanOrEqual(card.y + card.height);
    const heights = await page.evaluate(() => ({
      scrollHeight: document.scrollingElement?.scrollHeight ?? 0,
      innerHeight: window.innerHeight,
    }));
    expect(heights.scrollHeight).toBeGreaterThan(heights.innerHeight);
    await screenshot(page, 'gantt-layout-editing');
    await toolbarButton(page, 'Cancelar').click();
    await page.getByRole('form', { name: `Editar tarea ${DEEP}` }).waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => (document.scrollingElement?.scrollHeight ?? 0) <= window.innerHeight))
      .toBe(true);
  });
});
