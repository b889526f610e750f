import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { screenshot } from '../support/browser';
import type { GanttOutput, GanttTask } from '../support/gantt';
import { ProjectApi } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * The seeded project: an EDP of exactly 500 items, the root EXP, ten groups EXP.1 … EXP.10, 49
 * leaves in each of the first nine groups and 48 in the last (1 + 10 + 9 × 49 + 48 = 500). The
 * first loadGantt makes one task per item: every leaf starts on Friday 02-01-2026 and lasts 5
 * working days. Then saveGantt links the leaves: in group 1 a finish-to-start chain over its
 * first 15 leaves (the longest chain, so the critical path); in every other group a chain over
 * its first 12 leaves mixing FS, SS, FF and SF (shorter, so with float: not critical). The
 * project lasts 15 × 5 working days, about 15 weeks: the whole span fits one page's width, so the
 * pages only go down.
 */
const GROUPS = 10;
const CRITICAL_CHAIN = 15;
const OTHER_CHAIN = 12;

function edpItems() {
  const items: { id: number; parentId?: number; code: string; name: string }[] = [
    { id: 1, code: 'EXP', name: 'Edificio de exportación' },
  ];
  let id = 1;
  for (let group = 1; group <= GROUPS; group += 1) {
    const groupId = ++id;
    items.push({ id: groupId, parentId: 1, code: `EXP.${group}`, name: `Grupo ${group}` });
    const leaves = group === GROUPS ? 48 : 49;
    for (let leaf = 1; leaf <= leaves; leaf += 1) {
      items.push({ id: ++id, parentId: groupId, code: `EXP.${group}.${leaf}`, name: `Actividad ${group}.${leaf}` });
    }
  }
  return items;
}

const MIXED = ['FS', 'SS', 'FS', 'FF', 'FS', 'SF'];

function withLinks(activities: GanttTask[]): GanttTask[] {
  const byCode = new Map(activities.map((task) => [task.TaskCode, task]));
  const predecessor = new Map<number, string>();
  for (let group = 1; group <= GROUPS; group += 1) {
    const chain = group === 1 ? CRITICAL_CHAIN : OTHER_CHAIN;
    for (let leaf = 2; leaf <= chain; leaf += 1) {
      const from = byCode.get(`EXP.${group}.${leaf - 1}`);
      const to = byCode.get(`EXP.${group}.${leaf}`);
      if (!from || !to) throw new Error(`missing EXP.${group}.${leaf}`);
      const type = group === 1 ? 'FS' : (MIXED[leaf % MIXED.length] ?? 'FS');
      predecessor.set(to.TaskID, `${from.TaskID}${type}`);
    }
  }
  return activities.map((task) => ({ ...task, Predecessor: predecessor.get(task.TaskID) ?? '' }));
}

/*
 * Page geometry, mm (landscape sheets, as the issue asks): 8 mm margins, an 18 mm page header
 * (title, dates, legend), two 4.5 mm scale rows, 5 mm task rows.
 */
const MARGIN = 8;
const PAGE_HEADER = 18;
const SCALE = 2 * 4.5;
const ROW = 5;
function rowsPerSheet(sheetHeight: number): number {
  return Math.floor((sheetHeight - 2 * MARGIN - PAGE_HEADER - SCALE) / ROW);
}
const TASKS = 500;
const EXPECTED_PAGES = {
  A4: Math.ceil(TASKS / rowsPerSheet(210)), // 33 rows a page → 16 pages
  A3: Math.ceil(TASKS / rowsPerSheet(297)), // 50 rows a page → 10 pages
};

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
const DPI = 150;
const PX_PER_MM = DPI / 25.4;

type Rgb = [number, number, number];
type Raster = { width: number; height: number; rgb: (x: number, y: number) => Rgb };
type Line = { text: string; x: number; y: number; w: number; h: number };

function raster(pixmap: mupdf.Pixmap): Raster {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const channels = stride / width;
  // a copy: the pixmap's own view into MuPDF's memory goes stale once that memory grows
  const pixels = pixmap.getPixels().slice();
  return {
    width,
    height,
    rgb: (x, y) => {
      const offset = Math.round(y) * stride + Math.round(x) * channels;
      return [pixels[offset] ?? 0, pixels[offset + 1] ?? 0, pixels[offset + 2] ?? 0];
    },
  };
}

function closeTo(colour: Rgb, target: Rgb, tolerance = 40): boolean {
  return colour.every((value, index) => Math.abs(value - (target[index] ?? 0)) <= tolerance);
}

/** The darkest pixel of the column x between y − 2 and y + 2: a thin line's core, not its smoothed edge. */
function lineColour(image: Raster, x: number, y: number): Rgb {
  let best: Rgb = [255, 255, 255];
  for (let dy = -2; dy <= 2; dy += 1) {
    const colour = image.rgb(x, y + dy);
    if (colour[0] + colour[1] + colour[2] < best[0] + best[1] + best[2]) best = colour;
  }
  return best;
}

const CRITICAL_RED: Rgb = [0xd3, 0x2f, 0x2f];
const WHITE: Rgb = [255, 255, 255];

/** The text lines of a PDF page with their boxes in pixels at DPI. */
function textLines(page: mupdf.Page): Line[] {
  const json = JSON.parse(page.toStructuredText('preserve-whitespace').asJSON()) as {
    blocks: { lines?: { text: string; bbox: { x: number; y: number; w: number; h: number } }[] }[];
  };
  const scale = DPI / 72;
  return json.blocks.flatMap((block) =>
    (block.lines ?? []).map((line) => ({
      text: line.text.trim(),
      x: line.bbox.x * scale,
      y: line.bbox.y * scale,
      w: line.bbox.w * scale,
      h: line.bbox.h * scale,
    })),
  );
}

function lineOf(lines: Line[], text: string): Line {
  const found = lines.find((line) => line.text === text);
  if (!found) throw new Error(`no text «${text}» on the page`);
  return found;
}

type PdfCheck = { pages: number; texts: string[][]; rasters: Raster[]; lines: Line[][] };

/** Opens a PDF with MuPDF: its text lines, and the listed pages as images (also saved under e2e/artifacts). */
function openPdf(bytes: Buffer, renderPages: number[], name: string): PdfCheck {
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(path.join(artifactsDir, `${name}.pdf`), bytes);
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pages = document.countPages();
  const texts: string[][] = [];
  const lines: Line[][] = [];
  const rasters: Raster[] = [];
  for (let index = 0; index < pages; index += 1) {
    const page = document.loadPage(index);
    const pageLines = textLines(page);
    lines.push(pageLines);
    texts.push(pageLines.map((line) => line.text));
    if (renderPages.includes(index)) {
      const pixmap = page.toPixmap(mupdf.Matrix.scale(DPI / 72, DPI / 72), mupdf.ColorSpace.DeviceRGB, false, true);
      rasters.push(raster(pixmap));
      writeFileSync(path.join(artifactsDir, `${name}-p${index + 1}.png`), pixmap.asPNG());
    }
  }
  return { pages, texts, rasters, lines };
}

/**
 * The bar on the row whose code is `code`, found in the pixels: a point inside it (the middle of
 * the longest run of `colour` across the row), its top and bottom edges there (their middle is
 * the row's middle line), then its ends along a line just under its top edge, clear of any
 * connector's line or arrowhead.
 */
function barOf(image: Raster, lines: Line[], code: string, colour: Rgb, from: number) {
  const cell = lineOf(lines, code);
  const textMiddle = cell.y + cell.h / 2;
  let best = { start: -1, end: -1, y: 0 };
  for (let y = Math.round(textMiddle - 2 * PX_PER_MM); y <= textMiddle + 2 * PX_PER_MM; y += 1) {
    let runStart = -1;
    for (let x = Math.round(from); x < image.width; x += 1) {
      const inside = closeTo(image.rgb(x, y), colour);
      if (inside && runStart < 0) runStart = x;
      if ((!inside || x === image.width - 1) && runStart >= 0) {
        if (x - 1 - runStart > best.end - best.start) best = { start: runStart, end: x - 1, y };
        runStart = -1;
      }
    }
  }
  if (best.start < 0) throw new Error(`no bar on the row of ${code}`);
  const centreX = Math.round((best.start + best.end) / 2);
  let top = best.y;
  while (closeTo(image.rgb(centreX, top - 1), colour)) top -= 1;
  let bottom = best.y;
  while (closeTo(image.rgb(centreX, bottom + 1), colour)) bottom += 1;
  const edgeY = top + 2;
  let start = centreX;
  while (closeTo(image.rgb(start - 1, edgeY), colour)) start -= 1;
  let end = centreX;
  while (closeTo(image.rgb(end + 1, edgeY), colour)) end += 1;
  return { start, end, middle: (top + bottom) / 2, top, bottom };
}

describe('Gantt export of 500 tasks', () => {
  let session: SignedInSession;
  let page: Page;
  let projectId: string;
  let output: GanttOutput;

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt-export');
    page = session.page;
    const projects = await ProjectApi.forSession(session);
    const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const saved = await projects.save({
      name: 'Edificio Exportación',
      code: 'EXP',
      currency: 'CLP',
      budget: '1000000',
      startYear: '2026',
      endYear: '2026',
    });
    projectId = saved._id;
    const loaded = await projects.load(projectId);
    await callFunction(
      session.server.url,
      'saveEdp',
      { id: projectId, edp: { items: edpItems(), version: loaded.edp.version } },
      cookie,
    );
    const first = await callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: projectId }, cookie);
    output = await callFunction<GanttOutput>(
      session.server.url,
      'saveGantt',
      { id: projectId, gantt: { activities: withLinks(first.activities) }, version: first.version },
      cookie,
    );
  });

  afterAll(async () => {
    await session?.close();
  });

  it('the seeded Gantt has 500 tasks, group 1 critical and the other groups not', () => {
    expect(output.activities).toHaveLength(TASKS);
    const byCode = new Map(output.activities.map((task) => [task.TaskCode, task]));
    expect(byCode.get('EXP.1.2')?.critical).toBe(true);
    expect(byCode.get('EXP.2.2')?.critical).toBe(false);
    expect(byCode.get('EXP.1.2')?.Predecessor).toMatch(/^\d+$|^\d+FS$/);
  });

  async function openGantt(): Promise<void> {
    await page.goto(`/projects/${projectId}/gantt`);
    // a loaded machine may take a while to open a 500-task Gantt
    await page
      .getByRole('heading', { level: 1, name: 'Edificio Exportación :: Gantt', exact: true })
      .waitFor({ timeout: 60_000 });
    await page.locator('.cim-bar').first().waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
  }

  async function exportAs(name: string): Promise<Download> {
    await page
      .getByRole('toolbar', { name: 'Herramientas del Gantt' })
      .getByRole('button', { name: 'Exportar' })
      .click();
    // issue 32: a PDF asks for its date window first ('Desde' / 'Hasta', the whole project by default)
    const isPdf = name.startsWith('PDF');
    if (isPdf) await page.getByRole('menuitem', { name }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      isPdf
        ? page.getByRole('dialog').getByRole('button', { name: 'Exportar PDF' }).click()
        : page.getByRole('menuitem', { name }).click(),
    ]);
    // the button is back once the file is made
    await page
      .getByRole('toolbar', { name: 'Herramientas del Gantt' })
      .getByRole('button', { name: 'Exportar' })
      .waitFor({ timeout: 120_000 });
    return download;
  }

  it.each([
    ['PDF A4 horizontal', 'A4'],
    ['PDF A3 horizontal', 'A3'],
  ] as const)(
    '%s: every task over the predicted number of pages, a header on each, links drawn in their colours',
    async (menu, sheet) => {
      await openGantt();
      // issue 32: the export prints what the screen shows: every row, expanded
      await page.getByRole('button', { name: 'Expandir todo' }).click();
      const download = await exportAs(menu);
      expect(download.suggestedFilename()).toMatch(/^gantt-EXP-\d{8}\.pdf$/);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const pdf = openPdf(bytes, [0, 1], `gantt-export-${sheet}`);
      expect(pdf.pages).toBe(EXPECTED_PAGES[sheet]);
      expect(pdf.pages).toBe(sheet === 'A4' ? 16 : 10);

      // the header on every page: project and code, 'Gantt', the export time, the legend, the page
      pdf.texts.forEach((texts, index) => {
        expect(texts).toContain('Gantt · Edificio Exportación (EXP)');
        expect(texts).toContain(`Página ${index + 1} de ${pdf.pages}`);
        expect(texts.some((text) => /^Exportado el \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/.test(text))).toBe(true);
        for (const legend of ['Tarea', 'Tarea crítica', 'Resumen', 'Hito', 'Vínculo crítico']) {
          expect(texts).toContain(legend);
        }
        for (const column of ['Código', 'Nombre', 'Inicio', 'Fin', 'Duración']) expect(texts).toContain(column);
      });
      // every task's code exactly once, in order, across the pages (in the Código column: the
      // Predecesoras column may spell a code too)
      const codesOf = (lines: Line[]) => {
        const nameX = lineOf(lines, 'Nombre').x;
        return lines.filter((line) => line.x < nameX && /^EXP(\.\d+){0,2}$/.test(line.text)).map((line) => line.text);
      };
      const codes = pdf.lines.flatMap(codesOf);
      expect(codes).toEqual(output.activities.map((task) => task.TaskCode));
      // the rows per page the geometry predicts
      expect(codesOf(pdf.lines[0] ?? [])).toHaveLength(rowsPerSheet(sheet === 'A4' ? 210 : 297));

      const [first, second] = pdf.rasters as [Raster, Raster];
      const lines = pdf.lines[0] ?? [];
      // the timeline starts right of the grid's last column title (issue 32: the screen's columns)
      // (Predecesoras, 24 mm wide on A4 and 40 mm on A3, its title 1 mm in)
      const lastColumn = lineOf(lines, 'Predecesoras');
      const timelineLeft = lastColumn.x + ((sheet === 'A4' ? 24 : 40) - 1 + 0.5) * PX_PER_MM;
      const firstRow = lineOf(lines, 'EXP');

      // a critical finish-to-start link, EXP.1.2 → EXP.1.3: red stub after the predecessor's bar,
      // red arrowhead just before the successor's bar, each on its row's middle line
      const from = barOf(first, lines, 'EXP.1.2', CRITICAL_RED, timelineLeft);
      const to = barOf(first, lines, 'EXP.1.3', CRITICAL_RED, timelineLeft);
      // 2.8 mm bars
      expect(from.bottom - from.top).toBeGreaterThan(2.4 * PX_PER_MM);
      expect(from.bottom - from.top).toBeLessThan(3.2 * PX_PER_MM);
      // EXP.1.3 starts the working day after EXP.1.2 ends
      expect(to.start).toBeGreaterThanOrEqual(from.end - 1);
      expect(closeTo(lineColour(first, from.end + 1 * PX_PER_MM, from.middle), CRITICAL_RED)).toBe(true);
      expect(closeTo(first.rgb(from.end + 1 * PX_PER_MM, from.top + 1), CRITICAL_RED)).toBe(false);
      expect(closeTo(lineColour(first, to.start - 0.6 * PX_PER_MM, to.middle), CRITICAL_RED)).toBe(true);
      expect(closeTo(first.rgb(to.start - 0.6 * PX_PER_MM, to.top + 1), CRITICAL_RED)).toBe(false);
      // and the connector's vertical between the two rows, 2 mm right of the predecessor's end
      const between = (from.middle + to.middle) / 2;
      const vertical = [-2, -1, 0, 1, 2].some((dx) =>
        closeTo(first.rgb(from.end + 2 * PX_PER_MM + dx, between), CRITICAL_RED),
      );
      expect(vertical).toBe(true);

      // a link without criticality is grey: on the second page, group 2's chain
      const secondLines = pdf.lines[1] ?? [];
      const grey = secondLines.find((line) => line.text === 'EXP.2.3')
        ? { image: second, lines: secondLines }
        : { image: first, lines };
      const greyFrom = barOf(grey.image, grey.lines, 'EXP.2.2', [0x39, 0x83, 0xeb], timelineLeft);
      const greyLine = lineColour(grey.image, greyFrom.end + 1 * PX_PER_MM, greyFrom.middle);
      // a thin line's core: grey (channels close together, the blue one a little higher), clearly drawn
      expect(Math.max(...greyLine) - Math.min(...greyLine)).toBeLessThanOrEqual(40);
      expect(greyLine[2]).toBeGreaterThanOrEqual(greyLine[0]);
      expect(Math.max(...greyLine)).toBeLessThan(200);

      // no black wedges: nothing near-black in the timeline's rows (where the old export had them)
      for (const image of [first, second]) {
        let dark = 0;
        for (let y = Math.round(firstRow.y - 1 * PX_PER_MM); y < image.height - 8 * PX_PER_MM; y += 1) {
          for (let x = Math.round(timelineLeft); x < image.width - 8 * PX_PER_MM; x += 2) {
            const [red, green, blue] = image.rgb(x, y);
            if (Math.max(red, green, blue) < 40) dark += 1;
          }
        }
        expect(dark).toBe(0);
      }
    },
  );

  it('the PNG is one page of the current view: the rows the chart shows, with their bars', async () => {
    await openGantt();
    await page.getByRole('button', { name: 'Expandir todo' }).click();
    await page.locator('.cim-bar').nth(10).waitFor();
    const full = await exportAs('Imagen PNG (vista actual)');
    expect(full.suggestedFilename()).toMatch(/^gantt-EXP-\d{8}\.png$/);
    const png = readFileSync(await full.path());
    mkdirSync(artifactsDir, { recursive: true });
    writeFileSync(path.join(artifactsDir, 'gantt-export-view.png'), png);
    const image = raster(new mupdf.Image(png).toPixmap());
    // an A4-wide page at 6 px/mm
    expect(image.width).toBe(Math.round(297 * 6));
    const rowsShown = Math.round((image.height / 6 - (2 * MARGIN + PAGE_HEADER + SCALE)) / ROW);
    expect(rowsShown).toBeGreaterThan(5);
    expect(rowsShown).toBeLessThan(40);
    let red = 0;
    let white = 0;
    for (let y = 0; y < image.height; y += 2) {
      for (let x = 0; x < image.width; x += 2) {
        const colour = image.rgb(x, y);
        if (closeTo(colour, CRITICAL_RED, 25)) red += 1;
        if (closeTo(colour, WHITE, 3)) white += 1;
      }
    }
    const samples = Math.ceil(image.height / 2) * Math.ceil(image.width / 2);
    expect(red).toBeGreaterThan(200);
    expect(white / samples).toBeGreaterThan(0.5);

    // collapsed, the chart shows the root alone: so does the image
    await page.getByRole('button', { name: 'Contraer todo' }).click();
    await page.locator('.cim-bar').nth(1).waitFor({ state: 'detached' });
    const collapsed = await exportAs('Imagen PNG (vista actual)');
    const small = raster(new mupdf.Image(readFileSync(await collapsed.path())).toPixmap());
    expect(small.width).toBe(Math.round(297 * 6));
    expect(small.height).toBe(Math.round((2 * MARGIN + PAGE_HEADER + SCALE + ROW) * 6));
    await page
      .getByRole('toolbar', { name: 'Herramientas del Gantt' })
      .getByRole('button', { name: 'Exportar' })
      .click();
    await page.getByRole('menuitem', { name: 'PDF A3 horizontal' }).waitFor();
    await screenshot(page, 'gantt-export-menu');
    await page.keyboard.press('Escape');
  });
});
