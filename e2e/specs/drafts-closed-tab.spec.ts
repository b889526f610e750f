import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eChromiumExecutablePath } from '../../scripts/find-chromium.mjs';
import { signInContext } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog } from '../support/catalogues';
import type { SeededGantt } from '../support/gantt';
import { cell, editTask, openGanttPage, seedGanttProject, toolbar, toolbarButton, unsavedChip } from '../support/gantt';
import type { LoadedProject } from '../support/projects';
import { edpItemId } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 32, "nothing lost with a closed tab": unsaved Gantt, EDP, EDC and progress edits survive
 * closing the tab (or the whole browser) after the browser's leave question is accepted; reopening
 * the screen offers them back ('Recuperar cambios sin grabar'), and only 'Descartar' removes them.
 * Each edit is followed at once by the close, without waiting for the draft's delayed write: the
 * page writes its drafts when it goes (unit: hooks/use-draft-persistence.test.tsx).
 *
 * The seeded project is gantt.spec's (seedGanttProject): the EDP ELA · ELA.1 · ELA.1.1 · ELA.1.2,
 * ELA.1's EDC M · M.1 · ACT1 · ACT2 · ACT3, and a Gantt whose five leaves (TaskIDs 5, 6, 7 are
 * ACT1, ACT2, ACT3; 8 and 9 are ELA.1.1 and ELA.1.2) start on Friday 02-01-2026 and last 5 days.
 */

const ACT1 = 5;
const ACT2 = 6;

function recoveryAlert(page: Page): Locator {
  return page.getByTestId('draft-recovery');
}

/** The drafts this browser keeps (their keys). */
function draftKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cimiento-draft:')));
}

/**
 * Closes the tab as a person does: the page's beforeunload handlers run, the browser asks its own
 * question, and the user accepts it. Resolves once the page is gone.
 */
async function closeTabAccepting(page: Page): Promise<void> {
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    });
  });
  const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  await closed;
}

/** The task editor's 'Duración' of `id`, changed and applied with 'Actualizar'. */
async function changeDuration(page: Page, id: number, days: string): Promise<void> {
  const editor = await editTask(page, id);
  await editor.waitFor();
  await editor.getByRole('textbox', { name: 'Duración (días hábiles)' }).fill(days);
  await toolbar(page).getByRole('button', { name: 'Actualizar' }).click();
  await editor.waitFor({ state: 'detached' });
  await expect.poll(() => cell(page, id, 'workDays').innerText()).toBe(days);
  await unsavedChip(page).waitFor();
}

describe('drafts: nothing lost with a closed tab (issue 32)', () => {
  let session: SignedInSession;
  let seeded: SeededGantt;
  let project: LoadedProject;
  let context: BrowserContext;

  beforeAll(async () => {
    session = await openAsFirstAdmin('pestana');
    context = session.context;
    seeded = await seedGanttProject(session, ['ELA.1']);
    project = seeded.project;
    await session.page.close();
  });

  afterAll(async () => {
    await session?.close();
  });

  it('the Gantt: a duration changed just before the tab closes is offered back, recovered, and kept again by the next close', async () => {
    let page = await context.newPage();
    await openGanttPage(page, project, ACT1);
    await changeDuration(page, ACT2, '8');
    await closeTabAccepting(page);

    page = await context.newPage();
    await openGanttPage(page, project, ACT1);
    const alert = recoveryAlert(page);
    await alert.getByText('Recuperar cambios sin grabar').waitFor();
    await alert.getByText(/en el Gantt, hechos el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).waitFor();
    // nothing on screen until the user chooses; nothing was saved
    expect(await cell(page, ACT2, 'workDays').innerText()).toBe('5');
    expect((await seeded.loadGantt()).activities.find((task) => task.TaskID === ACT2)?.Duration).toBe(5);
    await screenshot(page, 'drafts-closed-tab-gantt-offer');
    await alert.getByRole('button', { name: 'Recuperar' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, ACT2, 'workDays').innerText()).toBe('8');
    await unsavedChip(page).waitFor();

    // the recovered edits are unsaved edits like any other: a second close keeps them too
    await closeTabAccepting(page);
    page = await context.newPage();
    await openGanttPage(page, project, ACT1);
    await recoveryAlert(page).getByRole('button', { name: 'Recuperar' }).click();
    await expect.poll(() => cell(page, ACT2, 'workDays').innerText()).toBe('8');
    await page.close({ runBeforeUnload: false });
  });

  it("the Gantt: 'Descartar' removes the draft for good, after asking", async () => {
    let page = await context.newPage();
    await openGanttPage(page, project, ACT1);
    const alert = recoveryAlert(page);
    await alert.getByText('Recuperar cambios sin grabar').waitFor();
    expect(await draftKeys(page)).toHaveLength(1);
    await alert.getByRole('button', { name: 'Descartar' }).click();
    const confirm = confirmDialog(page);
    await confirm.getByText(/Se descartarán los cambios sin grabar en el Gantt hechos el/).waitFor();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await draftKeys(page)).toEqual([]);
    expect(await cell(page, ACT2, 'workDays').innerText()).toBe('5');

    // reopened: nothing is offered, the saved Gantt is on screen
    await page.close();
    page = await context.newPage();
    await openGanttPage(page, project, ACT1);
    expect(await recoveryAlert(page).count()).toBe(0);
    expect(await unsavedChip(page).count()).toBe(0);
    expect(await cell(page, ACT2, 'workDays').innerText()).toBe('5');
    expect((await seeded.loadGantt()).activities.find((task) => task.TaskID === ACT2)?.Duration).toBe(5);
    await page.close();
  });

  it('the EDP: a renamed item survives the closed tab, is recovered and saved (the save removes the draft)', async () => {
    const openEdp = async (page: Page) => {
      await page.goto(`/projects/${project._id}/edp`);
      await page.getByRole('heading', { level: 1, name: project.name }).waitFor();
    };
    const piso2 = (page: Page) => page.locator('tbody tr').filter({ has: page.getByText('ELA.1.2', { exact: true }) });
    let page = await context.newPage();
    await openEdp(page);
    await piso2(page).dblclick();
    const name = page.getByRole('textbox', { name: `Nombre del ítem ${edpItemId(project, 'ELA.1.2')}` });
    await name.fill('Piso dos');
    await name.press('Enter');
    await piso2(page).getByText('Piso dos').waitFor();
    await unsavedChip(page).waitFor();
    await closeTabAccepting(page);

    page = await context.newPage();
    await openEdp(page);
    const alert = recoveryAlert(page);
    await alert.getByText('Recuperar cambios sin grabar').waitFor();
    await alert.getByText(/en el EDP, hechos el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).waitFor();
    await piso2(page).getByText('Piso 2').waitFor();
    await alert.getByRole('button', { name: 'Recuperar' }).click();
    await piso2(page).getByText('Piso dos').waitFor();
    await unsavedChip(page).waitFor();

    await page
      .getByRole('toolbar', { name: 'Herramientas del EDP' })
      .getByRole('button', { name: 'Grabar EDP' })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => unsavedChip(page).count()).toBe(0);
    await expect.poll(() => draftKeys(page)).toEqual([]);
    await page.close();
  });

  it('the EDC: a row being edited survives the closed tab and is recovered in its editor', async () => {
    // the EDC opens on the item chosen last in this browser: none at first, ELA.1 on reopening
    const openEdc = async (page: Page, item: string) => {
      await page.goto(`/projects/${project._id}/edc`);
      await page.getByRole('heading', { level: 1, name: `${project.name} :: ${item}`, exact: true }).waitFor();
    };
    let page = await context.newPage();
    await openEdc(page, 'sin ítem seleccionado');
    await page.getByText('ELA.1 Torre', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `${project.name} :: ELA.1`, exact: true }).waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    await page.locator('tbody tr[data-edc-code="ACT2"]').click();
    await page
      .getByRole('toolbar', { name: 'Herramientas del EDC' })
      .getByRole('button', { name: 'Editar', exact: true })
      .click();
    await page.getByRole('textbox', { name: 'Nombre del ítem del EDC' }).fill('Hormigonar losa');
    // the EDC shows no 'Cambios sin grabar' for a row being edited (it saves each change at once), so
    // the test waits until the page has taken the edit in (its draft is written); closing within
    // milliseconds of the keystroke may beat the page registering it, and then nothing asks. The
    // write at the close itself is what the Gantt, EDP and progress cases show.
    await expect.poll(() => draftKeys(page)).toHaveLength(1);
    await closeTabAccepting(page);

    page = await context.newPage();
    await openEdc(page, 'ELA.1');
    const alert = recoveryAlert(page);
    await alert.getByText('Recuperar cambios sin grabar').waitFor();
    await alert.getByText(/en el EDC \(ELA\.1 Torre\), hechos el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).waitFor();
    await alert.getByRole('button', { name: 'Recuperar' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Nombre del ítem del EDC' }).inputValue())
      .toBe('Hormigonar losa');
    await screenshot(page, 'drafts-closed-tab-edc-recovered');
    await page.close({ runBeforeUnload: false });
  });

  it("the progress grid: what is typed in 'Registrar avance' survives the closed tab and is recovered into the grid", async () => {
    const grid = (page: Page) => page.getByRole('dialog', { name: 'Registrar avance' });
    let page = await context.newPage();
    await openGanttPage(page, project, ACT1);
    await toolbarButton(page, 'Registrar avance').click();
    await grid(page).waitFor();
    const cutoff = grid(page).getByTestId('progress-cutoff');
    await cutoff.fill('12-01-2026');
    await cutoff.press('Enter');
    const progress = grid(page).getByTestId(`progress-progress-${ACT1}`);
    await progress.fill('40');
    await progress.press('Enter');
    await closeTabAccepting(page);

    page = await context.newPage();
    await openGanttPage(page, project, ACT1);
    const alert = recoveryAlert(page);
    await alert.getByText('Recuperar cambios sin grabar').waitFor();
    await alert.getByText(/en el registro de avance, hechos el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).waitFor();
    expect(await page.getByTestId('progress-pending').count()).toBe(0);
    await screenshot(page, 'drafts-closed-tab-progress-offer');
    await alert.getByRole('button', { name: 'Recuperar' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByTestId('progress-pending').waitFor();
    await toolbarButton(page, 'Registrar avance').click();
    await grid(page).waitFor();
    expect(await grid(page).getByTestId('progress-cutoff').inputValue()).toBe('12-01-2026');
    expect(await grid(page).getByTestId(`progress-progress-${ACT1}`).inputValue()).toBe('40');
    // nothing was recorded
    expect((await seeded.loadGantt()).activities.find((task) => task.TaskID === ACT1)?.Progress ?? 0).toBe(0);
    await page.close({ runBeforeUnload: false });
  });
});

/*
 * Closing the whole browser: a persistent profile (a user-data directory), as a person's browser
 * has, is closed after the leave question and started again; the draft is still there.
 */
describe('drafts: nothing lost with a closed browser (issue 32)', () => {
  let session: SignedInSession;
  let seeded: SeededGantt;
  let profileDir: string;
  let browserContext: BrowserContext | null = null;

  const launch = async () => {
    const launched = await chromium.launchPersistentContext(profileDir, {
      executablePath: e2eChromiumExecutablePath(),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      baseURL: session.server.url,
      locale: 'es-CL',
      timezoneId: 'America/Santiago',
      viewport: { width: 1400, height: 900 },
    });
    // a fresh profile's first start is slow on a loaded machine
    launched.setDefaultTimeout(30_000);
    // a session cookie does not outlive the browser: the user signs in again
    await signInContext(launched, session.server.url, session.admin.email, session.admin.password);
    browserContext = launched;
    return launched;
  };

  beforeAll(async () => {
    session = await openAsFirstAdmin('navegador');
    seeded = await seedGanttProject(session, ['ELA.1']);
    profileDir = mkdtempSync(path.join(tmpdir(), 'cimiento-drafts-profile-'));
  });

  afterAll(async () => {
    await browserContext?.close();
    await session?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  it('the Gantt: a duration changed before the browser closes is offered back when it opens again', async () => {
    let browser = await launch();
    let page = browser.pages()[0] ?? (await browser.newPage());
    await openGanttPage(page, seeded.project, ACT1);
    await changeDuration(page, ACT2, '7');
    await closeTabAccepting(page);
    await browser.close();
    browserContext = null;

    browser = await launch();
    page = browser.pages()[0] ?? (await browser.newPage());
    await openGanttPage(page, seeded.project, ACT1);
    const alert = recoveryAlert(page);
    await alert.getByText(/en el Gantt, hechos el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).waitFor();
    await alert.getByRole('button', { name: 'Recuperar' }).click();
    await expect.poll(() => cell(page, ACT2, 'workDays').innerText()).toBe('7');
    await unsavedChip(page).waitFor();
    expect((await seeded.loadGantt()).activities.find((task) => task.TaskID === ACT2)?.Duration).toBe(5);
  });
});
