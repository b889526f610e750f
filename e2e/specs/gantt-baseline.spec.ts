import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { SeededGantt } from '../support/gantt';
import { bar, dragBar, gridCodes, openGanttPage, row, seedGanttProject, toolbar, unsavedChip } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 15, what the Gantt shows for tracking: a baseline set through the screen, its grey bars
 * staying where they were when a task moves, 'Δ Fin', 'Atrasadas', and the baseline still chosen
 * after a save and a reload. The seeded project (support/gantt) has one EDC list under ELA.1:
 *   1 ELA · 2 ELA.1 · 3 M · 4 M.1 · 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 · 9 ELA.1.2
 * Every leaf works Friday 02-01-2026 to Thursday 08-01-2026, no links. The chart opens at
 * 'Semana': 84 px a week, 12 px a day.
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
const ACT1 = 5;
const ACT2 = 6;

function baselineBar(page: Page, id: number): Locator {
  return page.locator(`.cim-baseline[data-baseline-id="${id}"]`);
}

function varianceOf(page: Page, id: number): Locator {
  return row(page, id).locator('[data-col-id=":finishVariance"] .cim-variance');
}

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** The divider moved from the keyboard (80 px a step; back with a negative count). */
async function moveDivider(page: Page, steps: number): Promise<void> {
  await page.locator('.wx-resizer').focus();
  for (let step = 0; step < Math.abs(steps); step += 1) {
    await page.keyboard.press(steps > 0 ? 'Shift+ArrowRight' : 'Shift+ArrowLeft');
  }
}

/** 'Atrasadas' on or off, the pointer then moved off it (its tooltip closes). */
async function toggleLate(page: Page): Promise<void> {
  await toolbar(page).getByRole('button', { name: 'Atrasadas' }).click();
  await page.mouse.move(0, 0);
}

async function toggleDarkMode(page: Page, isDark: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
  const toggle = page.getByLabel('Fondo claro / Fondo Oscuro');
  if (isDark) await toggle.check();
  else await toggle.uncheck();
  await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  await page.keyboard.press('Escape');
}

function baselineButton(page: Page): Locator {
  return page.getByTestId('baseline-menu-button');
}

async function setBaselineThroughScreen(page: Page, expectedName: string): Promise<void> {
  await baselineButton(page).click();
  await page.getByRole('menuitem', { name: 'Fijar línea base…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fijar línea base' });
  await expect.poll(() => dialog.getByLabel('Nombre').inputValue()).toBe(expectedName);
  await dialog.getByRole('button', { name: 'Fijar', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('Gantt baselines, Δ Fin and Atrasadas (issue 15)', () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;

  beforeAll(async () => {
    session = await openAsFirstAdmin('gantt-baseline');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1']);
    expect((await seeded.loadGantt()).activities.map((task) => task.TaskCode)).toEqual(CODES);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('sets a baseline, keeps its grey bar when a task moves, shows Δ Fin and Atrasadas, and keeps it all after a reload', async () => {
    await openGanttPage(page, seeded.project, ACT1);
    // no baseline yet: no grey bars, and 'Atrasadas' cannot be used
    expect(await page.locator('.cim-baseline').count()).toBe(0);
    await expect.poll(() => toolbar(page).getByRole('button', { name: 'Atrasadas' }).isDisabled()).toBe(true);

    await setBaselineThroughScreen(page, 'Línea base 1');
    await waitForSuccessToast(page, 'Línea base «Línea base 1» fijada: 9 tareas');
    await expect.poll(() => baselineButton(page).textContent()).toBe('LB: Línea base 1');
    // a grey bar under every bar, exactly as long as the bar while nothing moved
    await baselineBar(page, ACT1).waitFor();
    const before = await boxOf(bar(page, ACT1));
    const grey = await boxOf(baselineBar(page, ACT1));
    expect(Math.abs(grey.x - before.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(grey.width - before.width)).toBeLessThanOrEqual(1);
    expect(grey.y).toBeGreaterThanOrEqual(before.y + before.height);
    expect(await baselineBar(page, 1).count()).toBe(1);

    // the tracking columns: on time everywhere
    await baselineButton(page).click();
    await page.getByRole('menuitemcheckbox', { name: 'Columnas de seguimiento' }).click();
    // the menu fades out: gone before the pointer drags a bar under it
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
    await expect.poll(() => varianceOf(page, ACT1).innerText()).toBe('0');
    expect(await row(page, ACT1).locator('[data-col-id=":baseEndIso"]').innerText()).toBe('08-01-2026');
    expect(await row(page, ACT1).locator('[data-col-id=":progress"]').innerText()).toBe('0 %');

    // ACT1 one week later (84 px): its bar moves, its baseline bar stays, it is 5 working days late
    await dragBar(page, ACT1, 84);
    await expect.poll(() => row(page, ACT1).locator('[data-col-id=":startIso"]').innerText()).toBe('09-01-2026');
    const moved = await boxOf(bar(page, ACT1));
    const greyAfter = await boxOf(baselineBar(page, ACT1));
    expect(moved.x - before.x).toBeGreaterThan(70);
    expect(Math.abs(greyAfter.x - grey.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(greyAfter.width - grey.width)).toBeLessThanOrEqual(1);
    await expect.poll(() => varianceOf(page, ACT1).innerText()).toBe('+5');
    expect(await varianceOf(page, ACT1).getAttribute('class')).toContain('cim-variance-late');
    expect(await varianceOf(page, ACT2).innerText()).toBe('0');
    // its summaries finish later too
    expect(await varianceOf(page, 4).innerText()).toBe('+5');
    // the divider to the right for the pictures, so they show the new columns; back after them
    await moveDivider(page, 6);
    await screenshot(page, 'gantt-baseline-moved-light');

    // 'Atrasadas': ACT1 with its summaries, nothing else
    await toggleLate(page);
    await expect.poll(() => gridCodes(page)).toEqual(['ELA', 'ELA.1', 'ELA.1.M', 'ELA.1.M.1', 'ELA.1.ACT1']);
    await screenshot(page, 'gantt-baseline-late-light');
    await toggleDarkMode(page, true);
    // for the picture only: the settings panel slides away
    await page.waitForTimeout(500);
    await screenshot(page, 'gantt-baseline-late-dark');
    await toggleDarkMode(page, false);
    await moveDivider(page, -6);
    await toggleLate(page);
    await expect.poll(() => gridCodes(page)).toEqual(GRID_CODES);

    // saved and reloaded: the baseline is still the chosen one, drawn where it was
    await toolbar(page).getByRole('button', { name: 'Grabar Gantt', exact: true }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'Gantt grabado: 9 tareas');
    await expect.poll(() => unsavedChip(page).count()).toBe(0);
    await page.reload();
    await bar(page, ACT1).waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    await baselineBar(page, ACT1).waitFor();
    await expect.poll(() => baselineButton(page).textContent()).toBe('LB: Línea base 1');
    // where the chart starts may differ (the divider is remembered): the grey bar keeps its place
    // against the moved bar, a week before it
    const reloaded = await boxOf(baselineBar(page, ACT1));
    const reloadedBar = await boxOf(bar(page, ACT1));
    expect(Math.abs(reloadedBar.x - reloaded.x - (moved.x - greyAfter.x))).toBeLessThanOrEqual(1);
    expect(Math.abs(reloaded.width - grey.width)).toBeLessThanOrEqual(1);
    await expect.poll(() => varianceOf(page, ACT1).innerText()).toBe('+5');
    const stored = await seeded.loadGantt();
    expect(stored.activities.find((task) => task.TaskID === ACT1)).toMatchObject({
      StartDate: '2026-01-09',
      BaselineStart: '2026-01-02',
      BaselineFinish: '2026-01-08',
    });
  });

  it('a second baseline of the saved Gantt: nothing is late, Atrasadas says so; Ninguna; deleting asks with its task count', async () => {
    await setBaselineThroughScreen(page, 'Línea base 2');
    await waitForSuccessToast(page, 'Línea base «Línea base 2» fijada: 9 tareas');
    await expect.poll(() => varianceOf(page, ACT1).innerText()).toBe('0');
    await toggleLate(page);
    await page.getByTestId('gantt-late-empty').waitFor();
    expect(await page.getByTestId('gantt-late-empty').innerText()).toBe(
      'Ninguna tarea está atrasada respecto de la línea base.',
    );
    await screenshot(page, 'gantt-baseline-none-late');

    // back to the first baseline: ACT1 is late again, shown with its summaries
    await baselineButton(page).click();
    await page.getByRole('menuitem', { name: /^Línea base 1/ }).click();
    await expect.poll(() => gridCodes(page)).toEqual(['ELA', 'ELA.1', 'ELA.1.M', 'ELA.1.M.1', 'ELA.1.ACT1']);

    // 'Ninguna': no grey bars, no baseline columns, 'Atrasadas' off and disabled
    await baselineButton(page).click();
    await page.getByRole('menuitem', { name: 'Ninguna' }).click();
    await expect.poll(() => page.locator('.cim-baseline').count()).toBe(0);
    await expect.poll(() => gridCodes(page)).toEqual(GRID_CODES);
    expect(await toolbar(page).getByRole('button', { name: 'Atrasadas' }).isDisabled()).toBe(true);
    expect(await row(page, ACT1).locator('[data-col-id=":finishVariance"]').count()).toBe(0);
    const unchosen = (await seeded.loadGantt()).activities as { BaselineStart?: string }[];
    expect(unchosen.every((task) => task.BaselineStart === undefined)).toBe(true);

    // choose 'Línea base 2' and delete it: the question names it and its tasks
    await baselineButton(page).click();
    await page.getByRole('menuitem', { name: /^Línea base 2/ }).click();
    await baselineBar(page, ACT1).waitFor();
    await baselineButton(page).click();
    await page.getByRole('menuitem', { name: 'Eliminar «Línea base 2»…' }).click();
    await expect.poll(() => confirmDialog(page).innerText()).toContain('Se eliminará la línea base «Línea base 2» del');
    expect(await confirmDialog(page).innerText()).toContain('con las fechas de sus 9 tareas');
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'Línea base «Línea base 2» eliminada');
    // the newest left, 'Línea base 1', is chosen and drawn
    await expect.poll(() => baselineButton(page).textContent()).toBe('LB: Línea base 1');
    await expect.poll(() => varianceOf(page, ACT1).innerText()).toBe('+5');
  });

  it('refuses a 12th baseline with the server’s message, in the dialog', async () => {
    for (let number = 2; number <= 11; number += 1) {
      await callFunction(
        session.server.url,
        'saveBaseline',
        { id: seeded.project._id, name: `Por API ${number}` },
        seeded.cookie,
      );
    }
    await baselineButton(page).click();
    await page.getByRole('menuitem', { name: 'Fijar línea base…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fijar línea base' });
    await dialog.getByRole('button', { name: 'Fijar', exact: true }).click();
    await dialog.getByTestId('baseline-error').waitFor();
    expect(await dialog.getByTestId('baseline-error').innerText()).toBe(
      'El proyecto ya tiene 11 líneas base, el máximo: elimina una para fijar otra',
    );
    await screenshot(page, 'gantt-baseline-twelfth');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });
});
