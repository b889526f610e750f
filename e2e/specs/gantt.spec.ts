import { ganttActivityCodes } from '@cimiento/domain';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { GanttOutput } from '../support/gantt';
import {
  bar,
  cell,
  dragBar,
  editTask,
  gridCodes,
  openGanttPage,
  row,
  seedGanttProject,
  selectTask,
  shown,
  startOf,
  toolbar,
  toolbarButton,
  unsavedChip,
} from '../support/gantt';
import type { LoadedProject } from '../support/projects';
import { sidebar } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * The seeded project (startYear 2026): area type Torre × 1 with sub-area Piso × 2 gives the EDP
 * ELA · ELA.1 · ELA.1.1 · ELA.1.2; ELA.1 gets the EDC list M (main) · M.1 (sub) · ACT1 Excavar ·
 * ACT2 Hormigonar · ACT3 Descimbrar. The first loadGantt (domain.md "Gantt") gives one summary per
 * EDP item and per EDC main/sub item and a leaf per activity, in tree order:
 *   1 ELA · 2 ELA.1 · 3 M · 4 M.1 · 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 · 9 ELA.1.2
 * (ELA.1.1 and ELA.1.2 have no EDC: they are leaves too). Every leaf starts on the first working
 * day of January 2026 — Thursday 1 is Año Nuevo, so Friday 02-01-2026 — and lasts 5 working days:
 * 2, 5, 6, 7, 8 January (3–4 is a weekend). No links, so every task ends on 08-01-2026 and every
 * task is critical (total float 0).
 */
const CODES = ['ELA', 'ELA.1', 'M', 'M.1', 'ACT1', 'ACT2', 'ACT3', 'ELA.1.1', 'ELA.1.2'];
/** The codes the grid shows (issue 32): each unique in the project, an EDC item's led by its EDP item's. */
const GRID_CODES = [
  'ELA',
  'ELA.1',
  'ELA.1.M',
  'ELA.1.M.1',
  'ELA.1.ACT1',
  'ELA.1.ACT2',
  'ELA.1.ACT3',
  'ELA.1.1',
  'ELA.1.2',
];
const A = 5; // ACT1 Excavar
const B = 6; // ACT2 Hormigonar
const C = 7; // ACT3 Descimbrar
const FIRST_DAY = '02-01-2026';

/** TaskID → data-critical of every bar on the chart. */
function criticalMarks(page: Page): Promise<Record<string, string | null>> {
  return page
    .locator('.cim-bar')
    .evaluateAll((bars) =>
      Object.fromEntries(bars.map((node) => [node.getAttribute('data-task-id'), node.getAttribute('data-critical')])),
    );
}

/** Draws a finish-to-start link: click the source's right handle, then the target's left handle. */
async function drawLink(page: Page, from: number, to: number): Promise<void> {
  await bar(page, from).hover();
  await bar(page, from).locator('.wx-link.wx-right').click();
  await bar(page, to).hover();
  await bar(page, to).locator('.wx-link.wx-left').click();
}

/** A decoded 8-bit RGB/RGBA PNG (what Chromium's screenshots are): enough to read its colours. */
function decodePng(png: Buffer): { width: number; height: number; rgb: (x: number, y: number) => number[] } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      const colorType = body[9];
      const interlace = body[12];
      if (depth !== 8 || interlace !== 0 || (colorType !== 2 && colorType !== 6)) {
        throw new Error(`PNG no soportado: depth ${depth}, color ${colorType}, interlace ${interlace}`);
      }
      channels = colorType === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = Math.floor((left + up) / 2);
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    rgb: (x, y) => [...pixels.subarray(y * stride + x * channels, y * stride + x * channels + 3)],
  };
}

/** The most frequent colour of a PNG: a bar's fill (its text and border are a few pixels). */
function dominantColour(png: Buffer): { red: number; green: number; blue: number } {
  const image = decodePng(png);
  const counts = new Map<string, number>();
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const key = image.rgb(x, y).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const [best] = [...counts.entries()].sort((left, right) => right[1] - left[1]);
  if (!best) throw new Error('empty image');
  const [red = 0, green = 0, blue = 0] = best[0].split(',').map(Number);
  return { red, green, blue };
}

describe('Gantt screen', () => {
  let session: SignedInSession;
  let project: LoadedProject;
  let cookie: string;
  let page: Page;
  const loadGantt = () => callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: project._id }, cookie);

  /** A new tab on the Gantt (the previous one closes without asking: its edits were never saved). */
  async function openGantt(): Promise<Page> {
    await page.close();
    page = await session.context.newPage();
    await openGanttPage(page, project, A);
    return page;
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt');
    page = session.page;
    const seeded = await seedGanttProject(session, ['ELA.1']);
    project = seeded.project;
    cookie = seeded.cookie;
  });

  afterAll(async () => {
    await session?.close();
  });

  it('opens the generated Gantt behind the global spinner: the EDP/EDC tasks, a bar each, dd-MM-yyyy starts', async () => {
    await page.close();
    page = await session.context.newPage();
    // hold loadGantt until the spinner has been seen, so the check does not race the load
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = () => {};
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    await page.route('**/api/functions/loadGantt', async (route) => {
      arrived();
      await held;
      await route.continue();
    });
    const heading = page.getByRole('heading', { level: 1, name: 'Edificio Los Aromos :: Gantt', exact: true });
    await page.goto(`/projects/${project._id}/gantt`);
    await requested;
    await page.getByTestId('global-spinner').waitFor({ state: 'visible' });
    expect(await heading.count()).toBe(0);
    release();
    await heading.waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    await page.unroute('**/api/functions/loadGantt');

    const gantt = await loadGantt();
    expect(gantt.activities.map((task) => task.TaskCode)).toEqual(CODES);
    expect(gantt.activities.filter((task) => !task.isSummary).map((task) => task.StartDate)).toEqual(
      Array(5).fill('2026-01-02'),
    );
    await expect.poll(() => gridCodes(page)).toEqual(GRID_CODES);
    expect(await page.locator('.wx-bar').count()).toBe(gantt.activities.length);
    for (const [index, task] of gantt.activities.entries()) {
      expect(await bar(page, task.TaskID).count()).toBe(1);
      expect(await bar(page, task.TaskID).locator('.cim-bar').getAttribute('title')).toBe(
        `${GRID_CODES[index]} ${task.TaskName}`,
      );
      expect(await cell(page, task.TaskID, 'text').innerText()).toBe(task.TaskName);
      const start = await startOf(page, task.TaskID);
      expect(start).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(start).toBe(shown(task.StartDate));
      expect(await cell(page, task.TaskID, 'workDays').innerText()).toBe(String(task.Duration));
    }
    expect(await startOf(page, A)).toBe(FIRST_DAY);
    await page.getByText('9 tareas · Del 02-01-2026 al 08-01-2026').waitFor();
    expect(await unsavedChip(page).count()).toBe(0);
    await screenshot(page, 'gantt-opened');
  });

  it('a drawn link moves the successor and the critical path; dragging the predecessor a week moves both', async () => {
    await openGantt();
    // no links: every task is critical
    expect(Object.values(await criticalMarks(page))).toEqual(Array(9).fill('true'));

    await drawLink(page, A, B);
    await page.locator(`g[data-link-id=":${A}_${B}"]`).waitFor();
    // A: Fri 02-01 … Thu 08-01 → B starts the next working day, Fri 09-01, ends Thu 15-01
    await expect.poll(() => startOf(page, B)).toBe('09-01-2026');
    expect(await startOf(page, A)).toBe(FIRST_DAY);
    await unsavedChip(page).waitFor();
    // the project now ends 15-01: A → B is the critical path (with the summaries above them);
    // ACT3 and the two EDP leaves end 08-01 and have 5 working days of float
    await expect
      .poll(() => criticalMarks(page))
      .toEqual({
        1: 'true',
        2: 'true',
        3: 'true',
        4: 'true',
        [A]: 'true',
        [B]: 'true',
        [C]: 'false',
        8: 'false',
        9: 'false',
      });
    expect(await bar(page, A).locator('.cim-bar').getAttribute('class')).toContain('cim-critical');
    expect(await bar(page, C).locator('.cim-bar').getAttribute('class')).not.toContain('cim-critical');
    expect(await page.getByTestId('gantt-critical-links').textContent()).toContain(`g[data-link-id=":${A}_${B}"]`);
    const stroke = await page
      .locator(`g[data-link-id=":${A}_${B}"] > .wx-line-draw`)
      .evaluate((line) => getComputedStyle(line).stroke);
    expect(stroke).toBe('rgb(211, 47, 47)');

    // one week right (84 px): A starts Fri 09-01, ends Thu 15-01; B follows on Fri 16-01 —
    // 5 working days later (09, 12, 13, 14, 15), the same shift as A
    await dragBar(page, A, 84);
    await expect.poll(() => startOf(page, A)).toBe('09-01-2026');
    await expect.poll(() => startOf(page, B)).toBe('16-01-2026');
    expect(await startOf(page, C)).toBe(FIRST_DAY);
    await screenshot(page, 'gantt-link-and-drag');
  });

  it('the critical bar is painted red and a non-critical one blue (screenshot pixels)', async () => {
    await openGantt();
    await drawLink(page, A, B);
    await expect.poll(() => bar(page, C).locator('.cim-bar').getAttribute('data-critical')).toBe('false');
    expect(await bar(page, A).locator('.cim-bar').getAttribute('data-critical')).toBe('true');
    // the pointer off the chart: no hover handles on the bars
    await page.mouse.move(5, 5);
    // critical: #d32f2f (211, 47, 47); not critical: the chart's own blue
    const critical = dominantColour(await bar(page, A).screenshot());
    expect(critical.red).toBeGreaterThan(180);
    expect(critical.green).toBeLessThan(90);
    expect(critical.blue).toBeLessThan(90);
    const normal = dominantColour(await bar(page, C).screenshot());
    expect(normal.blue).toBeGreaterThan(180);
    expect(normal.red).toBeLessThan(120);
    expect(normal.blue - normal.green).toBeGreaterThan(40);
    await screenshot(page, 'gantt-critical-path');
  });

  it("the editor's lag delays the successor by working days, across a weekend", async () => {
    await openGantt();
    await drawLink(page, A, B);
    await expect.poll(() => startOf(page, B)).toBe('09-01-2026');

    const editor = await editTask(page, B);
    await editor.waitFor();
    expect(await editor.getByRole('textbox', { name: 'Código' }).inputValue()).toBe('ACT2');
    expect(await editor.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Hormigonar');
    // a task built from the EDC takes its code and name from its item
    expect(await editor.getByRole('textbox', { name: 'Nombre' }).isDisabled()).toBe(true);
    // 'Inicio' shows where the link puts B (its own start, a "no earlier than", is still FIRST_DAY)
    expect(await editor.getByRole('textbox', { name: 'Inicio', exact: true }).inputValue()).toBe('09-01-2026');
    expect(await editor.getByRole('textbox', { name: 'Duración (días hábiles)' }).inputValue()).toBe('5');
    expect(await editor.getByTestId('predecessor-task-0').inputValue()).toBe('ELA.1.ACT1 Excavar');
    expect(await editor.getByTestId('predecessor-lag-0').inputValue()).toBe('0');
    await editor.getByText('Fin a comienzo (FC)').waitFor();
    await editor.getByTestId('predecessor-lag-0').fill('2');
    await screenshot(page, 'gantt-editor');
    await toolbarButton(page, 'Actualizar').click();
    await editor.waitFor({ state: 'detached' });
    // A ends Thu 08-01; FS+0 would be Fri 09-01; +2 working days skips Sat 10 and Sun 11:
    // Mon 12-01 (+1), Tue 13-01 (+2). B lasts 13, 14, 15, 16, 19 January.
    await expect.poll(() => startOf(page, B)).toBe('13-01-2026');
    expect(await startOf(page, A)).toBe(FIRST_DAY);
    expect(await cell(page, B, 'workDays').innerText()).toBe('5');
    await page.getByText('9 tareas · Del 02-01-2026 al 19-01-2026').waitFor();

    // Cancelar closes the editor without applying what was typed
    await toolbarButton(page, 'Editar').click();
    await editor.waitFor();
    expect(await editor.getByTestId('predecessor-lag-0').inputValue()).toBe('2');
    await editor.getByTestId('predecessor-lag-0').fill('7');
    await toolbarButton(page, 'Cancelar').click();
    await editor.waitFor({ state: 'detached' });
    expect(await startOf(page, B)).toBe('13-01-2026');
  });

  it('adds a task after the selected one, numbered above every loaded TaskID, and makes it a milestone after ELA.1.2', async () => {
    await openGantt();
    const ELA12 = 9;
    await cell(page, ELA12, 'text').click();
    await toolbarButton(page, 'Agregar').click();
    // the highest TaskID loaded is 9: the new task is 10, under the same parent as ELA.1.2
    const editor = page.getByRole('form', { name: 'Editar tarea 10' });
    await editor.waitFor();
    await row(page, 10).waitFor();
    expect(await gridCodes(page)).toEqual([...GRID_CODES, '']);
    expect(await editor.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Nueva tarea');
    await editor.getByRole('textbox', { name: 'Código' }).fill('ELA.1.3');
    await editor.getByRole('textbox', { name: 'Nombre' }).fill('Recepción');
    await editor.getByRole('textbox', { name: 'Duración (días hábiles)' }).fill('0');
    await editor.getByRole('button', { name: 'Agregar predecesora' }).click();
    await editor.getByTestId('predecessor-task-0').fill(String(ELA12));
    await toolbarButton(page, 'Actualizar').click();
    await editor.waitFor({ state: 'detached' });
    // ELA.1.2 works 02, 05, 06, 07, 08 January: the milestone sits on its finish day, Thu 08-01
    // (MS Project's rule for a milestone driven by a finish, issue 14)
    await expect.poll(() => startOf(page, 10)).toBe('08-01-2026');
    expect(await cell(page, 10, 'code').innerText()).toBe('ELA.1.3');
    expect(await cell(page, 10, 'workDays').innerText()).toBe('0');
    await page
      .locator('.wx-bar.wx-milestone')
      .filter({ has: page.locator('[data-task-id="10"]') })
      .waitFor();
    await page.getByText('10 tareas', { exact: false }).first().waitFor();
    await unsavedChip(page).waitFor();
  });

  it('indents a leaf under its previous sibling (which becomes a summary) and outdents it back', async () => {
    await openGantt();
    expect(await bar(page, A).getAttribute('class')).not.toContain('wx-summary');
    await cell(page, B, 'text').click();
    await toolbarButton(page, 'Indentar').click();
    // ACT1 turns into a summary bar with ACT2 inside it
    await expect.poll(() => bar(page, A).getAttribute('class')).toContain('wx-summary');
    expect(await row(page, A).getAttribute('aria-expanded')).toBe('true');
    expect(await row(page, A).locator('.wx-toggle-icon').count()).toBe(1);
    await unsavedChip(page).waitFor();
    expect(await gridCodes(page)).toEqual(GRID_CODES);
    const indentOf = (id: number) =>
      cell(page, id, 'text')
        .locator('.wx-content')
        .evaluate((node) => parseFloat(getComputedStyle(node).paddingLeft));
    expect(await indentOf(B)).toBeGreaterThan(await indentOf(C));
    await screenshot(page, 'gantt-indented');

    await toolbarButton(page, 'Desindentar').click();
    await expect.poll(() => bar(page, A).getAttribute('class')).not.toContain('wx-summary');
    expect(await row(page, A).getAttribute('aria-expanded')).toBeNull();
    expect(await gridCodes(page)).toEqual(GRID_CODES);
    expect(await indentOf(B)).toBe(await indentOf(C));
    expect(await startOf(page, A)).toBe(FIRST_DAY);
    expect(await cell(page, A, 'workDays').innerText()).toBe('5');
  });

  it('deletes a task only after confirmation', async () => {
    await openGantt();
    await cell(page, C, 'text').click();
    await toolbarButton(page, 'Eliminar').click();
    const confirm = confirmDialog(page);
    // issue 32: named as the grid names it, by its unique code and its row (Id)
    await confirm.getByText('Se eliminará la tarea ELA.1.ACT3 Descimbrar (fila 7).').waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await bar(page, C).count()).toBe(1);
    expect(await unsavedChip(page).count()).toBe(0);

    await toolbarButton(page, 'Eliminar').click();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => bar(page, C).count()).toBe(0);
    expect(await row(page, C).count()).toBe(0);
    expect(await gridCodes(page)).toEqual(GRID_CODES.filter((code) => code !== 'ELA.1.ACT3'));
    await page.getByText('8 tareas', { exact: false }).waitFor();
    await unsavedChip(page).waitFor();
    // nothing reached the server
    expect((await loadGantt()).activities.map((task) => task.TaskCode)).toEqual(CODES);
  });

  it('exports the chart as a PNG image and as a PDF document', async () => {
    await openGantt();
    await toolbarButton(page, 'Exportar').click();
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Imagen PNG (vista actual)' }).click(),
    ]);
    expect(png.suggestedFilename()).toMatch(/^gantt-ELA-\d{8}\.png$/);
    const image = readFileSync(await png.path());
    expect(image.length).toBeGreaterThan(10_000);
    const decoded = decodePng(image);
    expect(decoded.width).toBeGreaterThan(500);
    expect(decoded.height).toBeGreaterThan(300);

    await toolbarButton(page, 'Exportar').click();
    // issue 32: the PDF asks for its date window first (the whole project by default)
    await page.getByRole('menuitem', { name: 'PDF A4 horizontal' }).click();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog').getByRole('button', { name: 'Exportar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^gantt-ELA-\d{8}\.pdf$/);
    const document = readFileSync(await pdf.path());
    expect(document.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(document.subarray(-1024).toString('latin1')).toContain('%%EOF');
    // one A4 landscape page of vector drawing and text: the title and every task's code
    const opened = mupdf.Document.openDocument(document, 'application/pdf');
    expect(opened.countPages()).toBe(1);
    const [, , width, height] = opened.loadPage(0).getBounds();
    expect([Math.round(((width ?? 0) * 25.4) / 72), Math.round(((height ?? 0) * 25.4) / 72)]).toEqual([297, 210]);
    const text = opened.loadPage(0).toStructuredText('preserve-whitespace').asText();
    expect(text).toContain('Gantt · Edificio Los Aromos (ELA)');
    for (const code of GRID_CODES) expect(text.split('\n')).toContain(code);
  });

  it('no request leaves the app: opening, editing and exporting stay on the server', async () => {
    await page.close();
    page = await session.context.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.goto(`/projects/${project._id}/gantt`);
    await bar(page, A).waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    await drawLink(page, A, B);
    await expect.poll(() => startOf(page, B)).toBe('09-01-2026');
    await selectTask(page, B);
    await toolbarButton(page, 'Editar').click();
    await page.getByTestId('predecessor-lag-0').fill('1');
    await toolbarButton(page, 'Actualizar').click();
    await expect.poll(() => startOf(page, B)).toBe('12-01-2026');
    for (const format of ['Imagen PNG (vista actual)', 'PDF A4 horizontal', 'PDF A3 horizontal']) {
      await toolbarButton(page, 'Exportar').click();
      // issue 32: a PDF goes through its date window's dialog
      const isPdf = format.startsWith('PDF');
      if (isPdf) await page.getByRole('menuitem', { name: format }).click();
      await Promise.all([
        page.waitForEvent('download'),
        isPdf
          ? page.getByRole('dialog').getByRole('button', { name: 'Exportar PDF' }).click()
          : page.getByRole('menuitem', { name: format }).click(),
      ]);
    }

    const serverHost = new URL(session.server.url).host;
    const urls = requests.map((request) => request.url());
    expect(urls.some((url) => url.endsWith('/api/functions/loadGantt'))).toBe(true);
    const web = urls.filter((url) => /^https?:/.test(url));
    expect(web.length).toBeGreaterThan(3);
    expect(web.filter((url) => new URL(url).host !== serverHost)).toEqual([]);
    // the rest is the page's own data: and blob: URLs (the exported files)
    expect(urls.filter((url) => !/^(https?|data|blob):/.test(url))).toEqual([]);
  });

  it('asks before leaving the screen with unsaved changes', async () => {
    await openGantt();
    await cell(page, B, 'text').click();
    await toolbarButton(page, 'Indentar').click();
    await unsavedChip(page).waitFor();
    await sidebar(page).getByRole('link', { name: 'EDP', exact: true }).click();
    const confirm = confirmDialog(page);
    await confirm.getByText('Hay cambios sin grabar en el Gantt. Si sales de esta pantalla se perderán.').waitFor();
    await screenshot(page, 'gantt-leave');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/projects/${project._id}/gantt`);
    await unsavedChip(page).waitFor();
    expect(await bar(page, A).getAttribute('class')).toContain('wx-summary');

    await sidebar(page).getByRole('link', { name: 'EDP', exact: true }).click();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/projects/${project._id}/edp`);
    // nothing was saved: ACT2 is still under M.1
    const stored = await loadGantt();
    expect(stored.activities.find((task) => task.TaskID === B)?.ParentId).toBe(4);
  });

  it('searches by code (the task and its ancestors), and collapses / expands everything', async () => {
    await openGantt();
    const search = toolbar(page).getByRole('textbox', { name: 'Buscar' });
    await search.fill('ACT2');
    await expect.poll(() => gridCodes(page)).toEqual(['ELA', 'ELA.1', 'ELA.1.M', 'ELA.1.M.1', 'ELA.1.ACT2']);
    expect(await page.locator('.wx-bar').count()).toBe(5);
    await screenshot(page, 'gantt-search');
    await search.fill('');
    await expect.poll(() => gridCodes(page)).toEqual(GRID_CODES);
    expect(await page.locator('.wx-bar').count()).toBe(9);

    await toolbarButton(page, 'Contraer todo').click();
    await expect.poll(() => gridCodes(page)).toEqual(['ELA']);
    expect(await page.locator('.wx-bar').count()).toBe(1);
    expect(await bar(page, A).count()).toBe(0);
    await toolbarButton(page, 'Expandir todo').click();
    await expect.poll(() => gridCodes(page)).toEqual(GRID_CODES);
    expect(await page.locator('.wx-bar').count()).toBe(9);
    // neither is an edit
    expect(await unsavedChip(page).count()).toBe(0);
  });

  it('saves after confirming, and a reload shows the same dates, durations and links as the server', async () => {
    await openGantt();
    await drawLink(page, A, B);
    await expect.poll(() => startOf(page, B)).toBe('09-01-2026');
    await dragBar(page, A, 84);
    await expect.poll(() => startOf(page, A)).toBe('09-01-2026');
    await selectTask(page, B);
    await toolbarButton(page, 'Editar').click();
    await page.getByTestId('predecessor-lag-0').fill('2');
    await toolbarButton(page, 'Actualizar').click();
    // A: Fri 09-01 … Thu 15-01; FS would be Fri 16-01; +2 working days → Mon 19 (+1), Tue 20-01 (+2)
    await expect.poll(() => startOf(page, B)).toBe('20-01-2026');

    await toolbarButton(page, 'Grabar Gantt').click();
    const confirm = confirmDialog(page);
    await confirm.getByText('¿Estás seguro de grabar el Gantt?').waitFor();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'Gantt grabado: 9 tareas');
    await expect.poll(() => unsavedChip(page).count()).toBe(0);

    const stored = await loadGantt();
    const byId = new Map(stored.activities.map((task) => [task.TaskID, task]));
    expect(byId.get(A)).toMatchObject({ StartDate: '2026-01-09', EndDate: '2026-01-15', Predecessor: '' });
    expect(byId.get(B)).toMatchObject({
      StartDate: '2026-01-20',
      EndDate: '2026-01-26',
      Duration: 5,
      Predecessor: `${A}FS+2`,
    });
    expect(stored.activities.filter((task) => task.Predecessor !== '').map((task) => task.TaskID)).toEqual([B]);

    await page.reload();
    await bar(page, A).waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    // issue 32: the grid shows each task's unique code, the domain's one definition of it
    const uniqueCodes = ganttActivityCodes(stored.activities);
    await expect.poll(() => gridCodes(page)).toEqual(stored.activities.map((task) => uniqueCodes.get(task.TaskID)));
    for (const task of stored.activities) {
      expect(await startOf(page, task.TaskID)).toBe(shown(task.StartDate));
      expect(await cell(page, task.TaskID, 'workDays').innerText()).toBe(String(task.Duration));
    }
    const links = await page
      .locator('g[data-link-id]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-link-id')));
    expect(links).toEqual([`:${A}_${B}`]);
    expect(await unsavedChip(page).count()).toBe(0);
    await screenshot(page, 'gantt-saved-reloaded');
  });
  it('a save based on a stale version is refused, keeps the edits on screen, and Recargar brings the saved Gantt', async () => {
    await openGantt();
    const before = await loadGantt();
    const aStart = await startOf(page, A);
    await dragBar(page, A, 84);
    await expect.poll(() => startOf(page, A)).not.toBe(aStart);
    const edited = await startOf(page, A);
    await unsavedChip(page).waitFor();

    // someone else saves meanwhile: ACT3 shortened to 3 days, the version moves on
    const theirs = before.activities.map((task) => (task.TaskID === C ? { ...task, Duration: 3 } : task));
    await callFunction(
      session.server.url,
      'saveGantt',
      { id: project._id, gantt: { activities: theirs }, version: before.version },
      cookie,
    );

    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    // the screen's own alert (the error toast says the same, without 'Recargar')
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'El Gantt fue modificado por otra persona' })
      .filter({ has: page.getByRole('button', { name: 'Recargar' }) });
    await alert.waitFor();
    // nothing of ours was written, nothing on screen was lost
    expect(await startOf(page, A)).toBe(edited);
    await unsavedChip(page).waitFor();
    const stored = await loadGantt();
    expect(stored.version).toBe(before.version + 1);
    expect(stored.activities.find((task) => task.TaskID === A)?.StartDate).toBe(
      before.activities.find((task) => task.TaskID === A)?.StartDate,
    );

    await alert.getByRole('button', { name: 'Recargar' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => cell(page, C, 'workDays').innerText()).toBe('3');
    expect(await startOf(page, A)).toBe(aStart);
    expect(await unsavedChip(page).count()).toBe(0);
    await expect.poll(() => alert.count()).toBe(0);
  });
});
