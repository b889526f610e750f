import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import type { SeededGantt } from '../support/gantt';
import { seedGanttProject } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 35, the 'Línea de balance'. The seeded project (support/gantt): 'Edificio Los Aromos', Torre 1
 * and Torre 2, each with Piso 1 and Piso 2 (ELA.1.1, ELA.1.2, ELA.2.1, ELA.2.2), each floor with the
 * EDC M Fundaciones › M.1 Zapatas › Excavar, Hormigonar, Descimbrar, 5 working days each. With the
 * sequencing 'Tren de actividades' each floor runs Excavar → Hormigonar → Descimbrar and each activity
 * follows the same one on the floor below; the two towers start together (no crews set), so:
 *   Excavar      Piso 1 02–08 Jan · Piso 2 09–15 Jan   (both towers: 2 fronts at once)
 *   Hormigonar   Piso 1 09–15 Jan · Piso 2 16–22 Jan
 *   Descimbrar   Piso 1 16–22 Jan · Piso 2 23–29 Jan
 * Then Torre 2's Piso 2: Hormigonar lasts 8 working days (16–27 Jan) and its Descimbrar loses the
 * generated link from it (it keeps the one from the floor below), so it still starts on Friday 23
 * while the concrete runs to Tuesday 27: one clash, 23-01-2026 to 27-01-2026.
 * The chart runs from Monday 29-12-2025 to Sunday 01-02-2026: 35 days.
 */
const LOCATIONS = ['Torre 1 › Piso 1', 'Torre 1 › Piso 2', 'Torre 2 › Piso 1', 'Torre 2 › Piso 2'];
const DAYS = 35;

async function toggleDarkMode(page: Page, isDark: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
  const toggle = page.getByLabel('Fondo claro / Fondo Oscuro');
  if (isDark) await toggle.check();
  else await toggle.uncheck();
  await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  await page.keyboard.press('Escape');
}

/** Each band's spans: [activity, location, first day, last day]. */
async function spans(page: Page): Promise<string[][]> {
  return page
    .getByTestId('lob-span')
    .evaluateAll((rects) =>
      rects.map((rect) => [
        rect.closest('[data-activity]')?.getAttribute('data-activity') ?? '',
        rect.getAttribute('data-location') ?? '',
        rect.getAttribute('data-start') ?? '',
        rect.getAttribute('data-end') ?? '',
      ]),
    );
}

const svgWidth = (page: Page) => page.getByTestId('lob-svg').evaluate((svg) => Number(svg.getAttribute('width')));

describe("the 'Línea de balance' screen (issue 35)", () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;

  beforeAll(async () => {
    session = await openAsFirstAdmin('linea-balance');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1.1', 'ELA.1.2', 'ELA.2.1', 'ELA.2.2'], 'M', 2);
    const before = await seeded.loadGantt();
    await callFunction(
      session.server.url,
      'regenerateGanttSequence',
      { id: seeded.project._id, sequencing: 'train', version: before.version },
      seeded.cookie,
    );
    const trained = await seeded.loadGantt();
    // Torre 2's Piso 2: its floor's tasks by name
    const floor = trained.activities.find((task) => task.TaskName === 'Piso 2' && task.TaskCode === 'ELA.2.2');
    if (!floor) throw new Error('no ELA.2.2');
    const zapatas = trained.activities.find(
      (task) =>
        task.TaskName === 'Zapatas' &&
        trained.activities.some((m) => m.TaskID === task.ParentId && m.ParentId === floor.TaskID),
    );
    const onFloor = (name: string) => {
      const task = trained.activities.find((each) => each.ParentId === zapatas?.TaskID && each.TaskName === name);
      if (!task) throw new Error(`no ${name} on ELA.2.2`);
      return task;
    };
    const hormigonar = onFloor('Hormigonar');
    const descimbrar = onFloor('Descimbrar');
    await seeded.saveGantt((task) => {
      if (task.TaskID === hormigonar.TaskID) return { Duration: 8 };
      if (task.TaskID === descimbrar.TaskID)
        return {
          Predecessor: task.Predecessor.split(',')
            .filter((link) => link !== `${hormigonar.TaskID}FS`)
            .join(','),
        };
      return {};
    });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('opens from the sidebar: a band per activity through the four floors, the clash marked and listed', async () => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`/projects/${seeded.project._id}`);
    await page.getByRole('link', { name: 'Línea de balance' }).click();
    await page.waitForURL(/\/linea-de-balance$/);
    await page.getByRole('heading', { level: 1, name: 'Línea de balance' }).waitFor();
    await page.getByTestId('lob-span').first().waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });

    expect(await page.getByTestId('lob-summary').innerText()).toBe(
      '3 actividades en 4 ubicaciones, del 02-01-2026 al 29-01-2026.',
    );
    expect(
      await page
        .getByTestId('lob-activity')
        .evaluateAll((bands) => bands.map((band) => band.getAttribute('data-activity'))),
    ).toEqual(['Excavar', 'Hormigonar', 'Descimbrar']);
    expect(await spans(page)).toEqual([
      ['Excavar', LOCATIONS[0], '2026-01-02', '2026-01-08'],
      ['Excavar', LOCATIONS[1], '2026-01-09', '2026-01-15'],
      ['Excavar', LOCATIONS[2], '2026-01-02', '2026-01-08'],
      ['Excavar', LOCATIONS[3], '2026-01-09', '2026-01-15'],
      ['Hormigonar', LOCATIONS[0], '2026-01-09', '2026-01-15'],
      ['Hormigonar', LOCATIONS[1], '2026-01-16', '2026-01-22'],
      ['Hormigonar', LOCATIONS[2], '2026-01-09', '2026-01-15'],
      ['Hormigonar', LOCATIONS[3], '2026-01-16', '2026-01-27'],
      ['Descimbrar', LOCATIONS[0], '2026-01-16', '2026-01-22'],
      ['Descimbrar', LOCATIONS[1], '2026-01-23', '2026-01-29'],
      ['Descimbrar', LOCATIONS[2], '2026-01-16', '2026-01-22'],
      ['Descimbrar', LOCATIONS[3], '2026-01-23', '2026-01-29'],
    ]);
    // each activity: a band per tower, each with its start line and its finish line
    expect(await page.locator('[data-activity="Excavar"] polygon').count()).toBe(2);
    expect(await page.locator('[data-activity="Excavar"] polyline').count()).toBe(4);
    // the floors up the side, Torre 1's first floor lowest
    const rows = await page
      .getByTestId('lob-location')
      .evaluateAll((texts) =>
        texts.map((text) => [text.querySelector('title')?.textContent, Number(text.getAttribute('y'))]),
      );
    expect(rows.map(([label]) => label)).toEqual(LOCATIONS);
    const ys = rows.map(([, y]) => Number(y));
    expect([...ys].sort((a, b) => b - a)).toEqual(ys);

    expect(
      await page
        .getByTestId('lob-clash')
        .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-location'))),
    ).toEqual([LOCATIONS[3]]);
    expect(await page.getByTestId('lob-clashes').innerText()).toBe(
      'Cruces: 1\nHormigonar × Descimbrar en Torre 2 › Piso 2, del 23-01-2026 al 27-01-2026',
    );
    expect(await page.getByTestId('lob-legend').innerText()).toContain('Excavar · 2 frentes a la vez');
    expect(await page.getByTestId('lob-user-tasks').count()).toBe(0);
    // the week zoom: 200 px of locations, 12 px a day, 12 px to the right
    expect(await svgWidth(page)).toBe(200 + DAYS * 12 + 12);
    await screenshot(page, 'line-of-balance-1440-light');

    await toggleDarkMode(page, true);
    await page.waitForTimeout(300);
    // the dark palette: light colours on the dark paper
    expect(await page.locator('[data-activity="Excavar"] rect').first().getAttribute('fill')).toBe('#64b5f6');
    await screenshot(page, 'line-of-balance-1440-dark');
    await toggleDarkMode(page, false);
  });

  it("zooms by day and month, and 'Ajustar' fits the five weeks to the width", async () => {
    await page.getByRole('button', { name: 'Día', exact: true }).click();
    await expect.poll(() => svgWidth(page)).toBe(200 + DAYS * 30 + 12);
    expect(await page.getByTestId('lob-tick').count()).toBe(DAYS);
    await page.getByRole('button', { name: 'Mes', exact: true }).click();
    await expect.poll(() => svgWidth(page)).toBe(Math.ceil(200 + (DAYS * 100) / 30.4 + 12));
    await page.getByRole('button', { name: 'Ajustar' }).click();
    await expect.poll(() => page.getByTestId('lob-chart').getAttribute('data-zoom')).toBe('fit');
    const fitted = await page.getByTestId('lob-chart').evaluate((host) => ({
      host: host.clientWidth,
      svg: Number(host.querySelector('svg')?.getAttribute('width')),
    }));
    expect(fitted.svg).toBeLessThanOrEqual(fitted.host);
    expect(fitted.svg).toBeGreaterThan(fitted.host - 40);
    await screenshot(page, 'line-of-balance-1440-fit');
  });

  it('downloads the PNG and the PDF', async () => {
    const [png] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Descargar PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`${seeded.project.code}-linea-de-balance.png`);
    expect(
      readFileSync(await png.path())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    // for a person to look at, beside the screenshots
    await png.saveAs(fileURLToPath(new URL('../artifacts/line-of-balance-download.png', import.meta.url)));

    const [pdf] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`${seeded.project.code}-linea-de-balance.pdf`);
    const bytes = readFileSync(await pdf.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);
    await pdf.saveAs(fileURLToPath(new URL('../artifacts/line-of-balance-download.pdf', import.meta.url)));
    // read with MuPDF: one A4 landscape page, the title, the project, the summary and the clash list
    const document = mupdf.Document.openDocument(bytes, 'application/pdf');
    expect(document.countPages()).toBe(1);
    const pdfPage = document.loadPage(0);
    const [, , width, height] = pdfPage.getBounds();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    const json = JSON.parse(pdfPage.toStructuredText('preserve-whitespace').asJSON()) as {
      blocks: { lines?: { text: string }[] }[];
    };
    const texts = json.blocks.flatMap((block) => (block.lines ?? []).map((line) => line.text.trim()));
    expect(texts).toEqual(
      expect.arrayContaining([
        'Línea de balance',
        `${seeded.project.code} - Edificio Los Aromos`,
        '3 actividades en 4 ubicaciones, del 02-01-2026 al 29-01-2026.',
        'Cruces: 1',
        '- Hormigonar × Descimbrar en Torre 2 / Piso 2, del 23-01-2026 al 27-01-2026',
      ]),
    );
    // the page as an image, for a person to look at
    writeFileSync(
      fileURLToPath(new URL('../artifacts/line-of-balance-download-pdf.png', import.meta.url)),
      pdfPage.toPixmap(mupdf.Matrix.scale(1.5, 1.5), mupdf.ColorSpace.DeviceRGB, false, true).asPNG(),
    );
  });

  it('fits a phone: only the chart scrolls sideways, in light and dark', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Semana', exact: true }).click();
    await page.waitForTimeout(300);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    // the locations' column narrows on a phone
    expect(await svgWidth(page)).toBe(120 + DAYS * 12 + 12);
    await screenshot(page, 'line-of-balance-390-light');
    await toggleDarkMode(page, true);
    await page.waitForTimeout(300);
    await screenshot(page, 'line-of-balance-390-dark');
    await toggleDarkMode(page, false);
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
