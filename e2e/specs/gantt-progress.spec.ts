import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog } from '../support/catalogues';
import type { SeededGantt } from '../support/gantt';
import { cell, editTask, openGanttPage, seedGanttProject, startOf, toolbar, toolbarButton } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 15, recording progress. The seeded project (startYear 2026): 1 ELA · 2 ELA.1 · 3 M · 4 M.1 ·
 * 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 · 9 ELA.1.2; every leaf lasts 5 working days from Friday
 * 02-01-2026 (Thursday 1 is Año Nuevo), and here ACT1 → ACT2 → ACT3 finish to start:
 *   ACT1 02–08-01 · ACT2 09–15-01 · ACT3 16–22-01 · ELA.1.1 and ELA.1.2 02–08-01.
 * At the cut-off Monday 12-01-2026:
 *   ACT1 done, 02-01 → 09-01 (a day late);
 *   ACT2 10 %, started 09-01 (the default: its scheduled start): ceil(5 × 0.9) = 5 days left from
 *     the cut-off, 12–16-01, so ACT3 moves from 16-01 to Monday 19-01;
 *   ELA.1.1 done with the defaults: 02-01 → 12-01 (the cut-off);
 *   ELA.1.2 30 %, started 05-01 (typed first as 15-01, refused: after the cut-off).
 */
const ACT1 = 5;
const ACT2 = 6;
const ACT3 = 7;
const ELA11 = 8;
const ELA12 = 9;

describe('Gantt: recording progress at a cut-off (issue 15)', () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;
  let workDir: string;

  const grid = () => page.getByRole('dialog', { name: 'Registrar avance' });
  const input = (field: 'actualStart' | 'actualFinish' | 'progress', id: number): Locator =>
    grid().getByTestId(`progress-${field}-${id}`);
  const focusedTestId = () =>
    page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('data-testid') ?? '');
  const keys = async (...presses: string[]) => {
    for (const press of presses) await page.keyboard.press(press);
  };

  /** Ends the browser's session on the server (as an expiry or a sign-out elsewhere would). */
  async function expireSession() {
    const cookie = (await session.context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const response = await fetch(`${session.server.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: session.server.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.ok).toBe(true);
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('avance');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1']);
    workDir = mkdtempSync(path.join(tmpdir(), 'cimiento-gantt-progress-'));
    await seeded.saveGantt((task) =>
      task.TaskID === ACT2 ? { Predecessor: `${ACT1}FS` } : task.TaskID === ACT3 ? { Predecessor: `${ACT2}FS` } : {},
    );
  });

  afterAll(async () => {
    await session?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("records several tasks' progress in 'Registrar avance' with the keyboard alone; the successors move past the cut-off", async () => {
    await openGanttPage(page, seeded.project, ACT1);
    expect(await startOf(page, ACT3)).toBe('16-01-2026');
    expect(await page.getByTestId('gantt-cutoff-chip').innerText()).toBe('Sin fecha de corte');

    await toolbarButton(page, 'Registrar avance').click();
    await grid().waitFor();
    // from here on, the keyboard alone: the cut-off has the focus
    expect(await focusedTestId()).toBe('progress-cutoff');
    await keys('Control+A');
    await page.keyboard.type('12-01-2026');
    await keys('Enter');
    // 'Solo las que deberían estar en curso': ACT3 (from 16-01) is not shown
    expect(await input('progress', ACT3).count()).toBe(0);
    expect(await focusedTestId()).toBe(`progress-actualStart-${ACT1}`);

    // ACT1: Inicio real, Tab, Fin real, Tab, 100, Enter (down to ACT2's Avance físico)
    await page.keyboard.type('02-01-2026');
    await keys('Tab');
    await page.keyboard.type('09-01-2026');
    await keys('Tab');
    await page.keyboard.type('100');
    await keys('Enter');
    expect(await focusedTestId()).toBe(`progress-progress-${ACT2}`);
    // ACT2: 10 % fills Inicio real with its scheduled start
    await page.keyboard.type('10');
    await keys('Enter');
    expect(await input('actualStart', ACT2).inputValue()).toBe('09-01-2026');
    expect(await focusedTestId()).toBe(`progress-progress-${ELA11}`);
    // ELA.1.1: 100 % fills both dates (its scheduled start, the cut-off)
    await page.keyboard.type('100');
    await keys('Enter');
    expect(await input('actualStart', ELA11).inputValue()).toBe('02-01-2026');
    expect(await input('actualFinish', ELA11).inputValue()).toBe('12-01-2026');
    expect(await focusedTestId()).toBe(`progress-progress-${ELA12}`);
    // ELA.1.2: 30 %, then back to Inicio real, where a date after the cut-off is refused as typed
    await page.keyboard.type('30');
    await keys('Shift+Tab', 'Shift+Tab');
    expect(await focusedTestId()).toBe(`progress-actualStart-${ELA12}`);
    expect(await input('actualStart', ELA12).inputValue()).toBe('02-01-2026');
    await page.keyboard.type('15-01-2026');
    const save = grid().getByRole('button', { name: 'Grabar avance' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await input('actualStart', ELA12).getAttribute('aria-invalid')).toBe('true');
    expect(await grid().getByTestId('progress-grid-messages').innerText()).toContain(
      'el inicio real no puede ser posterior a la fecha de corte (12-01-2026)',
    );
    await screenshot(page, 'gantt-progress-grid-invalid');
    await keys('Control+A');
    await page.keyboard.type('05-01-2026');
    await expect.poll(() => save.isDisabled()).toBe(false);
    expect(await grid().getByTestId('progress-grid-counts').innerText()).toContain('4 cambiadas');
    await screenshot(page, 'gantt-progress-grid-typed');

    // Ctrl+S: 'Grabar avance'; the grid shows the rescheduled dates
    await keys('Control+S');
    await expect.poll(() => grid().getByTestId('progress-grid-counts').innerText()).toContain('0 cambiadas');
    expect(await confirmDialog(page).count()).toBe(0);
    await expect.poll(() => grid().getByTestId(`progress-finish-${ACT2}`).innerText()).toBe('16-01-2026');
    expect(await grid().getByTestId(`progress-start-${ACT2}`).innerText()).toBe('09-01-2026');
    // done, ACT1 and ELA.1.1 leave the 'en curso' list
    expect(await input('progress', ACT1).count()).toBe(0);
    expect(await input('progress', ACT2).inputValue()).toBe('10');
    await screenshot(page, 'gantt-progress-grid-saved');
    await keys('Escape');
    await grid().waitFor({ state: 'detached' });

    // the chart: ACT3 after ACT2's remaining work, past the cut-off; the chip shows the cut-off
    await expect.poll(() => startOf(page, ACT3)).toBe('19-01-2026');
    expect(await cell(page, ACT2, 'endIso').innerText()).toBe('16-01-2026');
    expect(await page.getByTestId('gantt-cutoff-chip').innerText()).toBe('Corte: 12-01-2026');
    // the cut-off line: drawn over the chart on Monday 12-01, its label in the scale; ACT3's bar
    // (from Monday 19-01) starts to its right and ACT1's (done, 02–09-01) ends to its left
    const line = await page.evaluate(() => {
      const chart = document.querySelector('.cim-gantt.cim-has-cutoff');
      const area = chart?.querySelector('.wx-area');
      const scale = chart?.querySelector('.wx-scale');
      if (!chart || !area || !scale) return null;
      const before = getComputedStyle(area, '::before');
      return {
        cutoff: chart.getAttribute('data-cutoff'),
        left: area.getBoundingClientRect().left + parseFloat(before.left),
        border: before.borderLeftStyle,
        label: getComputedStyle(scale, '::after').content,
      };
    });
    expect(line).toMatchObject({ cutoff: '2026-01-12', border: 'dashed', label: '"Corte 12-01-2026"' });
    const act3Bar = await page.locator(`.wx-bar[data-id="${ACT3}"]`).boundingBox();
    const act1Bar = await page.locator(`.wx-bar[data-id="${ACT1}"]`).boundingBox();
    expect(act3Bar && line ? act3Bar.x - line.left : Number.NaN).toBeGreaterThan(0);
    expect(act1Bar && line ? line.left - (act1Bar.x + act1Bar.width) : Number.NaN).toBeGreaterThan(0);
    await page.locator('.MuiDialog-backdrop').waitFor({ state: 'detached' });
    await screenshot(page, 'gantt-progress-chart');

    const stored = await seeded.loadGantt();
    const byId = new Map(stored.activities.map((task) => [task.TaskID, task]));
    expect(byId.get(ACT1)).toMatchObject({ Progress: 100, ActualStart: '2026-01-02', ActualFinish: '2026-01-09' });
    expect(byId.get(ACT2)).toMatchObject({ Progress: 10, ActualStart: '2026-01-09' });
    expect(byId.get(ELA12)).toMatchObject({ Progress: 30, ActualStart: '2026-01-05' });
    expect(byId.get(ACT3)?.StartDate).toBe('2026-01-19');
  });

  it("the task editor shows a leaf's progress at the cut-off, and records a change in the draft", async () => {
    const editor = await editTask(page, ELA12);
    await editor.waitFor();
    expect(await editor.getByRole('textbox', { name: 'Inicio real' }).inputValue()).toBe('05-01-2026');
    expect(await editor.getByRole('textbox', { name: 'Fin real' }).inputValue()).toBe('');
    expect(await editor.getByRole('textbox', { name: 'Avance físico (%)' }).inputValue()).toBe('30');
    expect(await editor.getByTestId('task-progress-hint').innerText()).toBe('Al corte del 12-01-2026');
    const progress = editor.getByRole('textbox', { name: 'Avance físico (%)' });
    await progress.fill('50');
    await screenshot(page, 'gantt-progress-task-editor');
    await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
    await editor.waitFor({ state: 'detached' });
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect
      .poll(async () => (await seeded.loadGantt()).activities.find((task) => task.TaskID === ELA12)?.Progress)
      .toBe(50);
  });

  it('what is typed and not saved survives an expired session; signed in again, everything is as it was left', async () => {
    await toolbarButton(page, 'Registrar avance').click();
    await grid().waitFor();
    await keys('Enter');
    expect(await focusedTestId()).toBe(`progress-actualStart-${ACT2}`);
    await keys('Tab', 'Tab');
    await page.keyboard.type('20');
    await keys('Enter');
    // the draft is written a moment after the last key
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.endsWith(':progress')).length),
      )
      .toBe(1);

    // the session ends elsewhere; 'Grabar avance' meets it and goes to the sign-in, keeping the draft
    await expireSession();
    await keys('Control+S');
    await page.waitForURL('**/login');
    await page.getByLabel('Correo').fill(session.admin.email);
    await page.getByLabel('Contraseña').fill(session.admin.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.waitForURL(`**/projects/${seeded.project._id}/gantt`);
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });

    // what was saved, as it was left; what was typed, offered back (issue 32) and recovered into the grid
    expect(await page.getByTestId('gantt-cutoff-chip').innerText()).toBe('Corte: 12-01-2026');
    await expect.poll(() => startOf(page, ACT3)).toBe('19-01-2026');
    const offer = page.getByTestId('draft-recovery');
    await offer.getByText(/en el registro de avance, hechos el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).waitFor();
    expect(await page.getByTestId('progress-pending').count()).toBe(0);
    await offer.getByRole('button', { name: 'Recuperar' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.getByTestId('progress-pending').waitFor();
    await screenshot(page, 'gantt-progress-recovered');
    await toolbarButton(page, 'Registrar avance').click();
    await grid().waitFor();
    expect(await input('progress', ACT2).inputValue()).toBe('20');
    expect(await input('actualStart', ACT2).inputValue()).toBe('09-01-2026');
    expect(await input('progress', ELA12).inputValue()).toBe('50');
    expect(await input('actualStart', ELA12).inputValue()).toBe('05-01-2026');
    await grid().getByRole('button', { name: 'Descartar lo escrito' }).click();
    expect(await input('progress', ACT2).inputValue()).toBe('10');
    await grid().getByRole('button', { name: 'Salir' }).click();
    await grid().waitFor({ state: 'detached' });
    expect(await page.getByTestId('progress-pending').count()).toBe(0);
  });

  it("'Cortes de avance' lists the cut-off, and its tasks' progress", async () => {
    await toolbar(page).getByRole('button', { name: 'Más opciones de avance' }).click();
    await page.getByRole('menuitem', { name: 'Cortes de avance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cortes de avance' });
    const cutoffs = dialog.getByTestId('progress-history-cutoffs');
    await cutoffs.waitFor();
    const rows = cutoffs.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    const text = await rows.first().innerText();
    expect(text).toContain('12-01-2026');
    expect(text).toContain(session.admin.name);
    // four tasks had progress; ELA.1.2's 50 % came later, from the task editor, at the same cut-off
    expect(await rows.first().locator('td').last().innerText()).toBe('4');
    await rows.first().click();
    const tasks = dialog.getByTestId('progress-history-tasks');
    await tasks.waitFor();
    const lines = (await tasks.locator('tbody tr').allInnerTexts()).map((line) => line.split('\t').join(' | '));
    expect(lines).toEqual([
      // issue 32: named as the Gantt names them, by their unique codes
      'ELA.1.ACT1 | Excavar | 02-01-2026 | 09-01-2026 | 100 %',
      'ELA.1.ACT2 | Hormigonar | 09-01-2026 |  | 10 %',
      'ELA.1.1 | Piso 1 | 02-01-2026 | 12-01-2026 | 100 %',
      'ELA.1.2 | Piso 2 | 05-01-2026 |  | 50 %',
    ]);
    await screenshot(page, 'gantt-progress-history');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  it("'Descargar planilla de avance', filled and imported at a later cut-off: the dry run lists row errors, then 'Importar'", async () => {
    await toolbar(page).getByRole('button', { name: 'Más opciones de avance' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Descargar planilla de avance' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Avance');
    if (!sheet) throw new Error('no Avance sheet');
    // the titles' row and columns, wherever they are
    let titles = 0;
    const column = new Map<string, number>();
    sheet.eachRow((line, number) => {
      if (titles !== 0) return;
      line.eachCell((value, at) => {
        if (value.text === 'Código') titles = number;
        column.set(value.text, at);
      });
    });
    const at = (title: string) => column.get(title) as number;
    let act2 = 0;
    sheet.eachRow((line, number) => {
      if (number > titles && line.getCell(at('Código')).text === 'ELA.1.ACT2') act2 = number;
    });
    expect(act2).toBeGreaterThan(titles);
    expect(Number(sheet.getRow(act2).getCell(at('Avance %')).value)).toBe(10);

    // 100 % without Fin real: refused on its row
    sheet.getRow(act2).getCell(at('Avance %')).value = 100;
    const wrong = path.join(workDir, 'avance-sin-fin.xlsx');
    writeFileSync(wrong, Buffer.from(await workbook.xlsx.writeBuffer()));
    sheet.getRow(act2).getCell(at('Fin real')).value = new Date(Date.UTC(2026, 0, 16));
    const right = path.join(workDir, 'avance.xlsx');
    writeFileSync(right, Buffer.from(await workbook.xlsx.writeBuffer()));

    await toolbar(page).getByRole('button', { name: 'Más opciones de avance' }).click();
    await page.getByRole('menuitem', { name: 'Importar avance desde Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar avance desde Excel' });
    await dialog.waitFor();
    // an earlier cut-off than the latest is refused before any file is read
    const cutoff = dialog.getByRole('textbox', { name: 'Fecha de corte' });
    await cutoff.fill('09-01-2026');
    await dialog.getByText('La fecha de corte no puede ser anterior a la última registrada (12-01-2026)').waitFor();
    await cutoff.fill('19-01-2026');
    await dialog.getByLabel('Planilla de avance (.xlsx)').setInputFiles(wrong);
    const errors = dialog.getByTestId('progress-import-errors');
    await errors.waitFor();
    expect(await errors.innerText()).toContain(`Fila ${act2}`);
    expect(await errors.innerText()).toContain('el 100 % necesita el fin real');
    expect(await dialog.getByRole('button', { name: 'Importar', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'gantt-progress-import-errors');

    await dialog.getByRole('button', { name: 'Elegir otro archivo' }).click();
    await dialog.getByLabel('Planilla de avance (.xlsx)').setInputFiles(right);
    await dialog.getByTestId('progress-import-preview').waitFor();
    expect(await dialog.getByTestId('progress-import-updated').innerText()).toBe('1');
    expect(await dialog.getByTestId('progress-import-unchanged').innerText()).toBe('4');
    await screenshot(page, 'gantt-progress-import-preview');
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('gantt-cutoff-chip').innerText()).toBe('Corte: 19-01-2026');
    const stored = (await seeded.loadGantt()).activities.find((task) => task.TaskID === ACT2);
    expect(stored).toMatchObject({ Progress: 100, ActualStart: '2026-01-09', ActualFinish: '2026-01-16' });
    // ACT3, not started, waits for the new cut-off
    await expect.poll(() => startOf(page, ACT3)).toBe('19-01-2026');
  });

  it('over hundreds of tasks, Enter walks down past the rows drawn, and only the rows on screen are in the page', async () => {
    // 300 more leaves, 3 days each from Monday 19-01 (the latest cut-off): all should be under way
    const current = await seeded.loadGantt();
    const added = Array.from({ length: 300 }, (_, index) => ({
      TaskID: 100 + index,
      TaskCode: `P${String(index + 1).padStart(3, '0')}`,
      TaskName: `Partida ${index + 1}`,
      StartDate: '2026-01-19',
      Duration: 3,
      Progress: 0,
      ParentId: null,
      Predecessor: '',
    }));
    const activities = current.activities.map((task) => ({
      TaskID: task.TaskID,
      TaskCode: task.TaskCode,
      TaskName: task.TaskName,
      StartDate: task.StartNoEarlierThan ?? task.StartDate,
      Duration: task.Duration,
      Progress: task.Progress,
      ParentId: task.ParentId ?? null,
      Predecessor: task.Predecessor,
    }));
    await callFunction(
      session.server.url,
      'saveGantt',
      { id: seeded.project._id, gantt: { activities: [...activities, ...added] }, version: current.version },
      seeded.cookie,
    );
    await openGanttPage(page, seeded.project, ACT1);
    await toolbarButton(page, 'Registrar avance').click();
    await grid().waitFor();
    expect(await grid().getByTestId('progress-grid-counts').innerText()).toContain('302 tareas a la vista');
    const drawn = await grid().locator('[role="row"][data-task-id]').count();
    expect(drawn).toBeLessThan(100);
    await keys('Enter');
    // ACT3 and ELA.1.2 first, then the new leaves: down to the 60th of them, far below the first window
    await keys('Tab', 'Tab');
    for (let index = 0; index < 62; index += 1) await keys('Enter');
    expect(await focusedTestId()).toBe('progress-progress-160');
    const box = await input('progress', 160).boundingBox();
    const view = await grid().getByTestId('progress-grid-rows').boundingBox();
    expect(box && view && box.y >= view.y && box.y + box.height <= view.y + view.height).toBe(true);
    await page.keyboard.type('25');
    await keys('Enter');
    expect(await input('actualStart', 160).inputValue()).toBe('19-01-2026');
    expect(await focusedTestId()).toBe('progress-progress-161');
    await screenshot(page, 'gantt-progress-grid-long');
    await grid().getByRole('button', { name: 'Descartar lo escrito' }).click();
    await grid().getByRole('button', { name: 'Salir' }).click();
    await grid().waitFor({ state: 'detached' });
  });
});
