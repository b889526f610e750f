import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import type { GanttTask, SeededGantt } from '../support/gantt';
import { bar, cell, openGanttPage, row, seedGanttProject, startOf, toolbarButton, unsavedChip } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 32, editing in the cells as in MS Project's sheet. The seeded project (as in
 * gantt-handling.spec.ts):
 *   1 ELA · 2 ELA.1 · 3 RIAP.1.AP · 4 RIAP.1.AP.1 · 5 ACT1 · 6 ACT2 · 7 ACT3
 *         · 8 ELA.1.1 · 9 RIAP.1.AP · 10 RIAP.1.AP.1 · 11 ACT1 · 12 ACT2 · 13 ACT3 · 14 ELA.1.2
 * Every leaf works Friday 02-01-2026 to Thursday 08-01-2026 (5 working days), no links. The chart
 * opens at 'Semana': 12 px a day. Nothing is saved: every test opens the Gantt afresh.
 */
const ACT1 = 5;
const ACT2 = 6;
const ACT3 = 7;

function selectedRow(page: Page): Promise<string | null> {
  return page.locator('.wx-row.wx-selected').first().getAttribute('data-id');
}

function input(page: Page): Locator {
  return page.getByTestId('gantt-cell-input');
}

function cellError(page: Page): Locator {
  return page.getByTestId('gantt-cell-error');
}

async function barWidth(page: Page, id: number): Promise<number> {
  const box = await bar(page, id).boundingBox();
  if (!box) throw new Error(`bar ${id} not on screen`);
  return box.width;
}

/** Clicks a cell (selecting its row and putting the cell cursor on its column). */
async function selectCell(page: Page, id: number, column: Parameters<typeof cell>[2]): Promise<void> {
  await cell(page, id, column).click();
  await expect.poll(() => selectedRow(page)).toBe(String(id));
}

/** Types on the selected cell: the first character opens the cell's field with it, the rest go in. */
async function typeInCell(page: Page, text: string): Promise<void> {
  await page.keyboard.press(text[0] ?? '');
  await input(page).waitFor();
  if (text.length > 1) await input(page).pressSequentially(text.slice(1));
}

/** A paste on the grid, as Ctrl+V of cells copied from Excel (text/plain, one per line). */
async function pasteText(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe('Gantt: editing in the cells (issue 32)', () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;
  let pristine: GanttTask[];

  async function openGantt() {
    await page.close();
    page = await session.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openGanttPage(page, seeded.project, ACT1);
    return page;
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt-cells');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1', 'ELA.1.1'], 'RIAP.1.AP');
    pristine = (await seeded.loadGantt()).activities;
  });

  afterAll(async () => {
    await session?.close();
  });

  it('a duration typed in a cell, then Enter: the bar grows, its finish moves, and the next row is selected', async () => {
    await openGantt();
    expect(await cell(page, ACT1, 'workDays').innerText()).toBe('5');
    const before = await barWidth(page, ACT1);
    await selectCell(page, ACT1, 'workDays');
    await typeInCell(page, '8');
    expect(await input(page).inputValue()).toBe('8');
    await page.keyboard.press('Enter');
    await input(page).waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, ACT1, 'workDays').innerText()).toBe('8');
    // Friday 02-01 + 8 working days: to Tuesday 13-01 (three more working days, a weekend between)
    expect(await cell(page, ACT1, 'endIso').innerText()).toBe('13-01-2026');
    await expect.poll(() => barWidth(page, ACT1)).toBeGreaterThan(before + 3 * 12 - 2);
    expect(await selectedRow(page)).toBe(String(ACT2));
    expect(await unsavedChip(page).count()).toBe(1);
    // the cursor stays in Duración: typing on the next row edits its duration
    await typeInCell(page, '12');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(page, ACT2, 'workDays').innerText()).toBe('12');
    expect(await selectedRow(page)).toBe(String(ACT3));
    await screenshot(page, 'gantt-cells-duration');
  });

  it('F2 on Nombre edits the name as it is; Tab commits and goes to Duración', async () => {
    await openGantt();
    // a task of the user's own (the tasks built from the EDP/EDC take their names from it)
    await selectCell(page, ACT3, 'text');
    await toolbarButton(page, 'Agregar').click();
    const form = page.getByRole('form', { name: 'Editar tarea 15' });
    await form.waitFor();
    await toolbarButton(page, 'Cancelar').click();
    await form.waitFor({ state: 'detached' });
    await selectCell(page, 15, 'text');
    await page.keyboard.press('F2');
    await input(page).waitFor();
    expect(await input(page).inputValue()).toBe('Nueva tarea');
    expect(await input(page).getAttribute('aria-label')).toBe('Editar Nombre de la tarea 15');
    await input(page).pressSequentially(' de aseo');
    await page.keyboard.press('Tab');
    await input(page).waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, 15, 'text').innerText()).toBe('Nueva tarea de aseo');
    // the same row, the next column: a digit typed now is the duration
    expect(await selectedRow(page)).toBe('15');
    await typeInCell(page, '3');
    expect(await input(page).getAttribute('data-column')).toBe('workDays');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(page, 15, 'workDays').innerText()).toBe('3');
    await screenshot(page, 'gantt-cells-name');
  });

  it('a double-click edits a cell in place; on Código it still opens the form', async () => {
    await openGantt();
    await cell(page, ACT2, 'startIso').dblclick();
    await input(page).waitFor();
    expect(await input(page).inputValue()).toBe('02-01-2026');
    await input(page).fill('12-01-2026');
    await page.keyboard.press('Enter');
    await expect.poll(() => startOf(page, ACT2)).toBe('12-01-2026');
    expect(await page.getByRole('form', { name: /^Editar tarea/ }).count()).toBe(0);

    await cell(page, ACT3, 'code').dblclick();
    await page.getByRole('form', { name: `Editar tarea ${ACT3}` }).waitFor();
    expect(await input(page).count()).toBe(0);
  });

  it('the grid taking the focus from a cell being edited (as SVAR does as it redraws) loses no key typed next', async () => {
    await openGantt();
    await selectCell(page, ACT2, 'workDays');
    await typeInCell(page, '1');
    for (const digit of ['2', '3', '4', '5', '6']) {
      // what SVAR does from a script some frames after a click: it focuses its own cell
      await page.evaluate(
        ({ id }) => {
          const gridCell = document.querySelector<HTMLElement>(
            `.wx-table .wx-row[data-id="${id}"] [data-col-id=":workDays"]`,
          );
          if (!gridCell) throw new Error('no grid cell');
          if (!gridCell.hasAttribute('tabindex')) gridCell.tabIndex = -1;
          gridCell.focus();
        },
        { id: ACT2 },
      );
      // the next key, at once: it goes in the field
      await page.keyboard.type(digit);
    }
    expect(await input(page).inputValue()).toBe('123456');
    await page.keyboard.press('Escape');
    await input(page).waitFor({ state: 'detached' });
  });

  it('Escape cancels: the cell keeps its value and nothing changes', async () => {
    await openGantt();
    await selectCell(page, ACT2, 'workDays');
    await typeInCell(page, '9');
    await page.keyboard.press('Escape');
    await input(page).waitFor({ state: 'detached' });
    expect(await cell(page, ACT2, 'workDays').innerText()).toBe('5');
    expect(await selectedRow(page)).toBe(String(ACT2));
    expect(await unsavedChip(page).count()).toBe(0);

    // the field loses the focus for a moment (SVAR focuses its grid as it redraws): an Escape
    // that reaches the grid then is still the field's
    await typeInCell(page, '9');
    await page.evaluate(() => {
      const grid = document.querySelector<HTMLElement>('.cim-gantt .wx-layout');
      grid?.focus();
      grid?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    await input(page).waitFor({ state: 'detached' });
    expect(await cell(page, ACT2, 'workDays').innerText()).toBe('5');
    expect(await unsavedChip(page).count()).toBe(0);
  });

  it('a bad value shows its message at the cell, in red, and changes nothing', async () => {
    await openGantt();
    const cases: [Parameters<typeof cell>[2], number, string, string][] = [
      ['workDays', ACT1, '-3', 'Duración: no puede ser negativa'],
      ['workDays', ACT1, 'abc', 'Duración: «abc» no es un número entero de días hábiles'],
      ['workDays', ACT1, '99999', 'Duración: debe ser de 0 a 10.000 días hábiles'],
      ['startIso', ACT1, '31-02-2026', 'Inicio: «31-02-2026» no es una fecha real; escríbela como dd-mm-aaaa'],
      ['predecessors', ACT2, '99', 'Predecesoras: La fila 99 no existe'],
    ];
    for (const [column, id, text, message] of cases) {
      await selectCell(page, id, column);
      await typeInCell(page, text);
      await page.keyboard.press('Enter');
      await expect.poll(() => cellError(page).innerText()).toBe(message);
      expect(await input(page).getAttribute('aria-invalid')).toBe('true');
      // outlined in the error colour
      expect(await input(page).getAttribute('class')).toContain('cim-cell-invalid');
      // the cell stays open with the text; Escape leaves it as it was
      expect(await input(page).inputValue()).toBe(text);
      expect(await selectedRow(page)).toBe(String(id));
      await page.keyboard.press('Escape');
      await input(page).waitFor({ state: 'detached' });
    }
    expect(await cell(page, ACT1, 'workDays').innerText()).toBe('5');
    expect(await startOf(page, ACT1)).toBe('02-01-2026');
    expect(await cell(page, ACT2, 'predecessors').innerText()).toBe('');
    expect(await unsavedChip(page).count()).toBe(0);

    // a loop: ACT1 → ACT2 is accepted, then ACT2 → ACT1 is refused, naming the task by its row and code
    await selectCell(page, ACT2, 'predecessors');
    await typeInCell(page, String(ACT1));
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(page, ACT2, 'predecessors').innerText()).toBe('ELA.1.ACT1');
    await selectCell(page, ACT1, 'predecessors');
    await typeInCell(page, String(ACT2));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => cellError(page).innerText())
      .toBe('Predecesoras: La tarea 6 (ELA.1.ACT2) ya depende de esta tarea: el vínculo cerraría un ciclo');
    await screenshot(page, 'gantt-cells-error');
    await page.keyboard.press('Escape');
    expect(await cell(page, ACT1, 'predecessors').innerText()).toBe('');
  });

  it('pasting a column of 3 durations copied from Excel fills 3 rows; a bad one is reported and left', async () => {
    await openGantt();
    await selectCell(page, ACT1, 'workDays');
    await pasteText(page, '2\r\n3\r\n4\r\n');
    await expect.poll(() => cell(page, ACT3, 'workDays').innerText()).toBe('4');
    expect(await cell(page, ACT1, 'workDays').innerText()).toBe('2');
    expect(await cell(page, ACT2, 'workDays').innerText()).toBe('3');
    expect(await cell(page, ACT1, 'endIso').innerText()).toBe('05-01-2026');
    await page.getByText('Pegado: 3 filas actualizadas').waitFor();

    await selectCell(page, ACT1, 'workDays');
    await pasteText(page, '6\tx\nabc\n7\n');
    await expect.poll(() => cell(page, ACT3, 'workDays').innerText()).toBe('7');
    expect(await cell(page, ACT1, 'workDays').innerText()).toBe('6');
    expect(await cell(page, ACT2, 'workDays').innerText()).toBe('3');
    expect(await cellError(page).innerText()).toBe(
      '1 fila no se pegó:\nELA.1.ACT2 Hormigonar: Duración: «abc» no es un número entero de días hábiles',
    );
    await screenshot(page, 'gantt-cells-paste');
    // nothing reached the server
    expect((await seeded.loadGantt()).activities).toEqual(pristine);
    expect(await row(page, ACT1).count()).toBe(1);
  });
});
