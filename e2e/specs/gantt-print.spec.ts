import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { screenshot } from '../support/browser';
import type { GanttOutput, GanttTask } from '../support/gantt';
import { row, toolbarButton } from '../support/gantt';
import { ProjectApi } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 32, "print what you see". The seeded project, on fixed dates (so it passes on any day): an
 * EDP of 64 items, the root IMP 'Obra Impresión', three groups ('Torre Norte', 'Torre Sur',
 * 'Terminaciones') of 20 leaves each. Every leaf starts on Friday 02-01-2026 for 5 working days,
 * except 'Excavación masiva' (IMP.1.1: from Monday 02-03-2026, 20 working days) and 'Pintura de
 * fachadas' (IMP.3.20: from 01-09-2026). A cut-off on Monday 16-03-2026 records the excavation
 * under way (started 02-03, 40 %): the 3-week programme runs 16-03-2026 … 06-04-2026.
 */
const GROUPS = ['Torre Norte', 'Torre Sur', 'Terminaciones'];
const LEAVES = 20;
const CUTOFF = '2026-03-16';
const UNDER_WAY = 'Excavación masiva';
const MONTHS_LATER = 'Pintura de fachadas';

function edpItems() {
  const items: { id: number; parentId?: number; code: string; name: string }[] = [
    { id: 1, code: 'IMP', name: 'Obra Impresión' },
  ];
  let id = 1;
  GROUPS.forEach((name, index) => {
    const group = index + 1;
    const groupId = ++id;
    items.push({ id: groupId, parentId: 1, code: `IMP.${group}`, name });
    for (let leaf = 1; leaf <= LEAVES; leaf += 1) {
      const leafName =
        group === 1 && leaf === 1
          ? UNDER_WAY
          : group === 3 && leaf === LEAVES
            ? MONTHS_LATER
            : `Partida ${group}.${leaf}`;
      items.push({ id: ++id, parentId: groupId, code: `IMP.${group}.${leaf}`, name: leafName });
    }
  });
  return items;
}

const dmy = (iso: string) => iso.split('-').reverse().join('-');

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** A PDF's pages and each page's text lines (MuPDF), saved under e2e/artifacts with its first page as an image. */
function readPdf(bytes: Buffer, name: string): { pages: number; texts: string[][] } {
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(path.join(artifactsDir, `${name}.pdf`), bytes);
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pages = document.countPages();
  const texts: string[][] = [];
  for (let index = 0; index < pages; index += 1) {
    const page = document.loadPage(index);
    const json = JSON.parse(page.toStructuredText('preserve-whitespace').asJSON()) as {
      blocks: { lines?: { text: string }[] }[];
    };
    texts.push(json.blocks.flatMap((block) => (block.lines ?? []).map((line) => line.text.trim())));
    if (index === 0) {
      const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false, true);
      writeFileSync(path.join(artifactsDir, `${name}-p1.png`), pixmap.asPNG());
    }
  }
  return { pages, texts };
}

describe('Gantt print: what you see', () => {
  let session: SignedInSession;
  let page: Page;
  let projectId: string;
  let output: GanttOutput;
  const idOf = (code: string): number => {
    const task = output.activities.find((candidate) => candidate.TaskCode === code);
    if (!task) throw new Error(`no task ${code}`);
    return task.TaskID;
  };

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt-print');
    page = session.page;
    const projects = await ProjectApi.forSession(session);
    const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const call = <T>(name: string, input: unknown) => callFunction<T>(session.server.url, name, input, cookie);
    const saved = await projects.save({
      name: 'Obra Impresión',
      code: 'IMP',
      currency: 'CLP',
      budget: '1000000',
      startYear: '2026',
      endYear: '2026',
    });
    projectId = saved._id;
    const loaded = await projects.load(projectId);
    await call('saveEdp', { id: projectId, edp: { items: edpItems(), version: loaded.edp.version } });
    const first = await call<GanttOutput>('loadGantt', { id: projectId });
    const dated = (task: GanttTask) => {
      if (task.TaskName === UNDER_WAY) return { StartDate: '2026-03-02', Duration: 20 };
      if (task.TaskName === MONTHS_LATER) return { StartDate: '2026-09-01' };
      return { StartDate: task.StartNoEarlierThan ?? task.StartDate };
    };
    const activities = first.activities.map((task) => ({
      TaskID: task.TaskID,
      TaskCode: task.TaskCode,
      TaskName: task.TaskName,
      Duration: task.Duration,
      Progress: 0,
      ParentId: task.ParentId ?? null,
      Predecessor: task.Predecessor,
      ...dated(task),
    }));
    const withDates = await call<GanttOutput>('saveGantt', {
      id: projectId,
      gantt: { activities },
      version: first.version,
    });
    const excavation = withDates.activities.find((task) => task.TaskName === UNDER_WAY);
    if (!excavation) throw new Error('no excavation');
    output = await call<GanttOutput>('saveProgress', {
      id: projectId,
      cutoff: CUTOFF,
      version: withDates.version,
      entries: [{ TaskID: excavation.TaskID, ActualStart: '2026-03-02', Progress: 40 }],
    });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('the seeded Gantt: 64 tasks, the excavation under way at the cut-off, the painting months later', () => {
    expect(output.activities).toHaveLength(1 + GROUPS.length * (1 + LEAVES));
    const byName = new Map(output.activities.map((task) => [task.TaskName, task]));
    const excavation = byName.get(UNDER_WAY);
    expect(excavation?.StartDate).toBe('2026-03-02');
    expect(excavation && excavation.EndDate >= CUTOFF).toBe(true);
    expect(byName.get(MONTHS_LATER)?.StartDate).toBe('2026-09-01');
  });

  async function openGantt(): Promise<void> {
    await page.goto(`/projects/${projectId}/gantt`);
    await page
      .getByRole('heading', { level: 1, name: 'Obra Impresión :: Gantt', exact: true })
      .waitFor({ timeout: 60_000 });
    await page.locator('.cim-bar').first().waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
  }

  async function openExportMenu(): Promise<void> {
    await toolbarButton(page, 'Exportar').click();
  }

  /** 'Exportar' → the menu entry → the dialog (its 'Desde' / 'Hasta' checked, then changed when given) → the PDF. */
  async function printPdf(
    menu: string,
    dates: { from: string; to: string },
    change?: { from: string; to: string },
    shot?: string,
  ): Promise<Download> {
    await openExportMenu();
    await page.getByRole('menuitem', { name: menu, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Desde').inputValue()).toBe(dates.from);
    expect(await dialog.getByLabel('Hasta').inputValue()).toBe(dates.to);
    if (change) {
      await dialog.getByLabel('Desde').fill(change.from);
      await dialog.getByLabel('Hasta').fill(change.to);
    }
    if (shot) await screenshot(page, shot);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      dialog.getByRole('button', { name: 'Exportar PDF' }).click(),
    ]);
    await toolbarButton(page, 'Exportar').waitFor({ timeout: 120_000 });
    return download;
  }

  it('collapsed to four rows, the PDF is one page with only those rows; expanded, every row again', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openGantt();
    const rootId = idOf('IMP');
    // 'Contraer todo', then the root opened: the root and its three towers/groups
    await page.getByRole('button', { name: 'Contraer todo' }).click();
    await row(page, idOf('IMP.1')).waitFor({ state: 'detached' });
    await row(page, rootId).locator('.wx-toggle-icon').click();
    await row(page, idOf('IMP.3')).waitFor();
    await expect.poll(() => page.locator('.wx-row[data-id]').count()).toBe(4);

    const projectDates = { from: dmy(output.projectStart), to: dmy(output.projectFinish) };
    const download = await printPdf('PDF A4 horizontal', projectDates, undefined, 'gantt-print-dialog');
    expect(download.suggestedFilename()).toMatch(/^gantt-IMP-\d{8}\.pdf$/);
    const pdf = readPdf(readFileSync(await download.path()), 'gantt-print-collapsed');
    expect(pdf.pages).toBe(1);
    const text = pdf.texts.flat();
    for (const name of ['Obra Impresión', ...GROUPS]) expect(text).toContain(name);
    // the hidden children are not printed
    expect(text).not.toContain(UNDER_WAY);
    expect(text).not.toContain('Partida 1.2');
    expect(text.filter((line) => /^IMP(\.\d+){0,2}$/.test(line))).toEqual(['IMP', 'IMP.1', 'IMP.2', 'IMP.3']);
    // the screen's columns and the cut-off the screen shows
    for (const column of ['Código', 'Nombre', 'Duración', 'Inicio', 'Fin']) expect(text).toContain(column);
    expect(text).toContain('Fecha de corte: 16-03-2026');
    expect(text.some((line) => line.includes('4 tareas'))).toBe(true);

    // expanded, the whole Gantt prints: 64 rows on two A4 pages
    await page.getByRole('button', { name: 'Expandir todo' }).click();
    await row(page, idOf('IMP.1.1')).waitFor();
    const all = readPdf(
      readFileSync(await (await printPdf('PDF A4 horizontal', projectDates)).path()),
      'gantt-print-expanded',
    );
    expect(all.pages).toBe(2);
    expect(all.texts.flat()).toContain(UNDER_WAY);
  });

  it("the date window: 'Desde' / 'Hasta' refuse a wrong date at the field, and the PDF spans the window", async () => {
    await openExportMenu();
    await page.getByRole('menuitem', { name: 'PDF A4 horizontal', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Desde').fill('31-02-2026');
    await dialog.getByLabel('Hasta').fill('01-03-2026');
    await dialog.getByRole('button', { name: 'Exportar PDF' }).click();
    await dialog.getByText('Escribe la fecha como dd-mm-aaaa').waitFor();
    await dialog.getByLabel('Desde').fill('10-03-2026');
    await dialog.getByRole('button', { name: 'Exportar PDF' }).click();
    await dialog.getByText('Hasta debe ser igual o posterior a Desde').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const download = await printPdf(
      'PDF A4 horizontal',
      { from: dmy(output.projectStart), to: dmy(output.projectFinish) },
      { from: '02-03-2026', to: '27-03-2026' },
    );
    const pdf = readPdf(readFileSync(await download.path()), 'gantt-print-window');
    const text = pdf.texts.flat();
    expect(text.some((line) => line.startsWith('Del 02-03-2026 al 27-03-2026'))).toBe(true);
    // a day scale over the window only: its days, not the project's January or September
    expect(text.some((line) => line.includes('Escala: días'))).toBe(true);
    expect(text.some((line) => /enero|septiembre/i.test(line))).toBe(false);
  });

  it("'Programa a 3 semanas' from the cut-off: the task under way in, the one starting months later out", async () => {
    // whatever the outline shows: collapsed to the root
    await page.getByRole('button', { name: 'Contraer todo' }).click();
    await row(page, idOf('IMP.1')).waitFor({ state: 'detached' });
    const download = await printPdf(
      'Programa a 3 semanas',
      { from: '16-03-2026', to: '06-04-2026' },
      undefined,
      'gantt-print-three-weeks-dialog',
    );
    const pdf = readPdf(readFileSync(await download.path()), 'gantt-print-three-weeks');
    const text = pdf.texts.flat();
    expect(text).toContain('Programa a 3 semanas · Obra Impresión (IMP)');
    expect(text).toContain(UNDER_WAY);
    expect(text).not.toContain(MONTHS_LATER);
    expect(text).toContain('Fecha de corte: 16-03-2026');
    expect(text.some((line) => line.startsWith('Del 16-03-2026 al 06-04-2026'))).toBe(true);
  });
});
