import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createUserApi, signInApi, uniqueAccount } from '../support/api';
import type { Account } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { GanttOutput, SeededGantt } from '../support/gantt';
import { bar, dragBar, openGanttPage, seedGanttProject, startOf, toolbarButton, unsavedChip } from '../support/gantt';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, breadcrumbs, edpItemId, sidebar } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 12, "nothing lost": every way out of a screen with unsaved edits asks first, and edits
 * that an expired session would have taken are kept in the browser and offered back after
 * signing in again. The seeded project is gantt.spec's (seedGanttProject): the EDP ELA · ELA.1 ·
 * ELA.1.1 · ELA.1.2, ELA.1's EDC M · M.1 · ACT1 · ACT2 · ACT3, and a Gantt whose five leaves all
 * start on Friday 02-01-2026 (TaskIDs 5, 6, 7 are ACT1, ACT2, ACT3; 4 is M.1).
 */

type EdcOutput = { edc: { componentesEdc: { code: string; name: string }[]; version: number } | null };

const A = 5; // ACT1 Excavar
const B = 6; // ACT2 Hormigonar
const C = 7; // ACT3 Descimbrar
const LEAVE = 'Hay cambios sin grabar en el Gantt. Si sales de esta pantalla se perderán. ¿Salir de todos modos?';
const OLDER = 'Estos cambios se hicieron sobre una versión anterior; otra persona grabó después.';

function recoveryAlert(page: Page): Locator {
  return page.getByTestId('draft-recovery');
}

/** The drafts this browser keeps (their keys). */
function draftKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cimiento-draft:')));
}

/** 'dd-MM-yyyy HH:mm' of a moment, in Santiago, as the app shows times. */
function santiagoTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Santiago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

describe('unsaved work: nothing lost', () => {
  let session: SignedInSession;
  let seeded: SeededGantt;
  let project: LoadedProject;
  let adminCookie: string;
  let colleague: Account;
  let page: Page;
  const url = () => session.server.url;
  const loadEdp = async () => (await ProjectApi.forSession(session)).load(project._id);
  const loadEdc = () =>
    callFunction<EdcOutput>(url(), 'loadEdc', { projectId: project._id, id: edpItemId(project, 'ELA.1') }, adminCookie);

  /** Ends the browser's session on the server (as an expiry or a revocation elsewhere would). */
  async function expireSession(): Promise<void> {
    const cookie = (await session.context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const response = await fetch(`${url()}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: url(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.ok).toBe(true);
  }

  /** Signs in through the real sign-in screen. */
  async function signInUi(): Promise<void> {
    await page.getByLabel('Correo').fill(session.admin.email);
    await page.getByLabel('Contraseña').fill(session.admin.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  }

  async function expectAsked(action: () => Promise<void>): Promise<void> {
    const confirm = confirmDialog(page);
    await action();
    await confirm.getByText(LEAVE).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/projects/${project._id}/gantt`);
    await unsavedChip(page).waitFor();
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('nolost');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1']);
    project = seeded.project;
    adminCookie = seeded.cookie;
    colleague = uniqueAccount('colega');
    await createUserApi(url(), adminCookie, colleague, true);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('asks before sign-out, the brand, a menu, a breadcrumb and the profile link; the configurator keeps the edits', async () => {
    await openGanttPage(page, project, A);
    await page.locator(`.wx-row[data-id="${B}"] [data-col-id=":text"]`).click();
    await toolbarButton(page, 'Indentar').click();
    await unsavedChip(page).waitFor();

    // sign-out asks; Cancelar keeps the user signed in, on the screen, with the edit
    await expectAsked(() => page.getByRole('button', { name: 'Cerrar sesión' }).click());
    await screenshot(page, 'unsaved-work-sign-out-asked');
    await sidebar(page).getByTestId('sidebar-user-name').waitFor();
    expect(await bar(page, A).getAttribute('class')).toContain('wx-summary');

    await expectAsked(() => page.getByRole('link', { name: 'Cimiento', exact: true }).click());
    await expectAsked(() => sidebar(page).getByRole('link', { name: 'Proyectos', exact: true }).click());
    await expectAsked(() => sidebar(page).getByRole('link', { name: 'Edificio Los Aromos', exact: true }).click());
    await expectAsked(() => sidebar(page).getByRole('link', { name: 'Mi perfil', exact: true }).click());
    await expectAsked(() => sidebar(page).getByRole('link', { name: 'Usuarios', exact: true }).click());
    await expectAsked(() => breadcrumbs(page).getByRole('link', { name: 'Inicio' }).click());
    await expectAsked(() => breadcrumbs(page).getByRole('link', { name: 'Edificio Los Aromos' }).click());

    // the configurator changes the look without leaving the screen: nothing to ask, nothing lost
    await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
    const configurator = page.getByRole('dialog', { name: 'Configuración Dashboard' });
    for (const option of ['Fondo claro / Fondo Oscuro', 'Menú lateral angosto', 'Barra de navegación fija']) {
      await configurator.getByLabel(option).click();
      await configurator.getByLabel(option).click();
    }
    await configurator.getByRole('button', { name: 'Oscuro', exact: true }).click();
    await configurator.getByRole('button', { name: 'Blanco', exact: true }).click();
    await configurator.getByRole('combobox', { name: 'Idioma' }).click();
    await page.getByRole('option', { name: 'English (US)' }).click();
    await page.getByRole('dialog', { name: 'Dashboard settings' }).getByRole('combobox').click();
    await page.getByRole('option', { name: 'Español (Chile)' }).click();
    await configurator.getByRole('button', { name: 'Cerrar' }).click();
    await configurator.waitFor({ state: 'hidden' });
    expect(await confirmDialog(page).count()).toBe(0);
    await unsavedChip(page).waitFor();
    expect(await bar(page, A).getAttribute('class')).toContain('wx-summary');

    // confirming the sign-out signs out and drops the edit and its draft
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await page.waitForURL('**/login');
    expect(await draftKeys(page)).toEqual([]);
    expect((await seeded.loadGantt()).activities.find((task) => task.TaskID === B)?.ParentId).toBe(4);
    await signInUi();
    await page.waitForURL('**/home');
    await openGanttPage(page, project, A);
    expect(await recoveryAlert(page).count()).toBe(0);
    expect(await unsavedChip(page).count()).toBe(0);
  });

  it('keeps the Gantt edits when the session expires, and recovers and saves them after signing in again', async () => {
    await openGanttPage(page, project, A);
    await dragBar(page, A, 84);
    await expect.poll(() => startOf(page, A)).toBe('09-01-2026');
    const editedAt = new Date();
    await unsavedChip(page).waitFor();

    await expireSession();
    // the next call meets the expired session: straight to /login, no leave question in the way
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await page.waitForURL('**/login');
    expect(await confirmDialog(page).count()).toBe(0);
    expect(await draftKeys(page)).toHaveLength(1);
    expect((await seeded.loadGantt()).activities.find((task) => task.TaskID === A)?.StartDate).toBe('2026-01-02');

    await signInUi();
    await page.waitForURL(`**/projects/${project._id}/gantt`);
    const alert = recoveryAlert(page);
    await alert.getByText('Recuperar cambios sin grabar').waitFor();
    const text = await alert.innerText();
    expect(text).toMatch(/en el Gantt, hechos el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    const shownTime = /hechos el (\d{2}-\d{2}-\d{4} \d{2}:\d{2})/.exec(text)?.[1];
    // the minute of the drag (or the next one, when the drag straddled it)
    expect([santiagoTime(editedAt), santiagoTime(new Date(editedAt.getTime() - 60_000))]).toContain(shownTime);
    expect(text).not.toContain(OLDER);
    // nothing is on screen until the user chooses
    expect(await startOf(page, A)).toBe('02-01-2026');
    expect(await unsavedChip(page).count()).toBe(0);
    await screenshot(page, 'unsaved-work-gantt-recovery');

    await alert.getByRole('button', { name: 'Recuperar' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => startOf(page, A)).toBe('09-01-2026');
    await unsavedChip(page).waitFor();

    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'Gantt grabado: 9 tareas');
    await expect.poll(() => unsavedChip(page).count()).toBe(0);
    expect((await seeded.loadGantt()).activities.find((task) => task.TaskID === A)?.StartDate).toBe('2026-01-09');
    await expect.poll(() => draftKeys(page)).toEqual([]);
  });

  it('keeps an EDP edit when the session expires, and recovers and saves it', async () => {
    await page.goto(`/projects/${project._id}/edp`);
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();
    const piso2 = page.locator('tbody tr').filter({ has: page.getByText('ELA.1.2', { exact: true }) });
    await piso2.dblclick();
    const name = page.getByRole('textbox', { name: `Nombre del ítem ${edpItemId(project, 'ELA.1.2')}` });
    await name.fill('Piso dos');
    await name.press('Enter');
    await piso2.getByText('Piso dos').waitFor();
    await unsavedChip(page).waitFor();

    await expireSession();
    await page
      .getByRole('toolbar', { name: 'Herramientas del EDP' })
      .getByRole('button', { name: 'Grabar EDP' })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await page.waitForURL('**/login');

    await signInUi();
    await page.waitForURL(`**/projects/${project._id}/edp`);
    const alert = recoveryAlert(page);
    await alert.getByText(/en el EDP, hechos el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).waitFor();
    await piso2.getByText('Piso 2').waitFor();
    await alert.getByRole('button', { name: 'Recuperar' }).click();
    await piso2.getByText('Piso dos').waitFor();
    await unsavedChip(page).waitFor();

    await page
      .getByRole('toolbar', { name: 'Herramientas del EDP' })
      .getByRole('button', { name: 'Grabar EDP' })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => unsavedChip(page).count()).toBe(0);
    expect((await loadEdp()).edp.items.find((candidate) => candidate.code === 'ELA.1.2')?.name).toBe('Piso dos');
    await expect.poll(() => draftKeys(page)).toEqual([]);
  });

  it('keeps an EDC edit whose save met the expired session, and saves it once recovered', async () => {
    await page.goto(`/projects/${project._id}/edc`);
    await page.getByText('ELA.1 Torre', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `${project.name} :: ELA.1`, exact: true }).waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    const edcButton = (label: string) =>
      page.getByRole('toolbar', { name: 'Herramientas del EDC' }).getByRole('button', { name: label, exact: true });
    await page.locator('tbody tr[data-edc-code="ACT2"]').click();
    await edcButton('Editar').click();
    await page.getByRole('textbox', { name: 'Nombre del ítem del EDC' }).fill('Hormigonar losa');

    await expireSession();
    await edcButton('Grabar').click();
    await page.waitForURL('**/login');
    expect((await loadEdc()).edc?.componentesEdc.find((row) => row.code === 'ACT2')?.name).toBe('Hormigonar');

    await signInUi();
    await page.waitForURL(`**/projects/${project._id}/edc`);
    const alert = recoveryAlert(page);
    await alert.getByText(/en el EDC \(ELA\.1 Torre\), hechos el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).waitFor();
    await screenshot(page, 'unsaved-work-edc-recovery');
    await alert.getByRole('button', { name: 'Recuperar' }).click();
    await waitForSuccessToast(page, 'EDC grabado: 5 ítems');
    await page.locator('tbody tr[data-edc-code="ACT2"]').getByText('Hormigonar losa').waitFor();
    expect((await loadEdc()).edc?.componentesEdc.find((row) => row.code === 'ACT2')?.name).toBe('Hormigonar losa');
    await expect.poll(() => draftKeys(page)).toEqual([]);
  });

  it('says a draft is older than what another person saved since, compares them, and discards it after asking', async () => {
    await openGanttPage(page, project, A);
    await dragBar(page, C, 84);
    await expect.poll(() => startOf(page, C)).toBe('09-01-2026');
    await expireSession();
    await toolbarButton(page, 'Grabar Gantt').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await page.waitForURL('**/login');

    // meanwhile a colleague saves the Gantt: ACT2 shortened to 3 days
    const colleagueCookie = await signInApi(url(), colleague.email, colleague.password);
    const before = await callFunction<GanttOutput>(url(), 'loadGantt', { id: project._id }, colleagueCookie);
    await callFunction(
      url(),
      'saveGantt',
      {
        id: project._id,
        gantt: { activities: before.activities.map((task) => (task.TaskID === B ? { ...task, Duration: 3 } : task)) },
        version: before.version,
      },
      colleagueCookie,
    );

    await signInUi();
    await page.waitForURL(`**/projects/${project._id}/gantt`);
    const alert = recoveryAlert(page);
    await alert.getByText(OLDER).waitFor();
    expect(await alert.getByRole('button', { name: 'Recuperar' }).count()).toBe(0);
    await screenshot(page, 'unsaved-work-older-draft');

    await alert.getByRole('button', { name: 'Comparar' }).click();
    const comparison = page.getByRole('dialog', { name: 'Comparar con la versión grabada' });
    const differences = comparison.getByRole('list', { name: 'Diferencias' });
    await differences.waitFor();
    expect(await differences.getByRole('listitem').allInnerTexts()).toEqual([
      // issue 32: each task by its unique code, as the Gantt names it
      'ELA.1.ACT2 Hormigonar losa: duración 3 → 5',
      'ELA.1.ACT3 Descimbrar: inicio 02-01-2026 → 09-01-2026',
    ]);
    await comparison.getByText('al grabarla, reemplazará lo que grabó la otra persona').waitFor();
    await screenshot(page, 'unsaved-work-compare');

    // Descartar asks first; Cancelar keeps the draft
    await comparison.getByRole('button', { name: 'Descartar' }).click();
    const confirm = confirmDialog(page);
    await confirm.getByText(/Se descartarán los cambios sin grabar en el Gantt hechos el/).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    // back to the comparison, the draft still kept
    await differences.waitFor();
    expect(await draftKeys(page)).toHaveLength(1);
    await comparison.getByRole('button', { name: 'Cerrar' }).click();
    await comparison.waitFor({ state: 'hidden' });

    await alert.getByRole('button', { name: 'Descartar' }).click();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await draftKeys(page)).toEqual([]);
    // the colleague's Gantt is on screen, and nothing of the draft
    await expect.poll(() => page.locator(`.wx-row[data-id="${B}"] [data-col-id=":workDays"]`).innerText()).toBe('3');
    expect(await startOf(page, C)).toBe('02-01-2026');
    expect(await unsavedChip(page).count()).toBe(0);
  });

  it('applies an older EDP draft on top of the current version when the user chooses to, and saves it', async () => {
    await page.goto(`/projects/${project._id}/edp`);
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();
    const piso1 = page.locator('tbody tr').filter({ has: page.getByText('ELA.1.1', { exact: true }) });
    await piso1.dblclick();
    const name = page.getByRole('textbox', { name: `Nombre del ítem ${edpItemId(project, 'ELA.1.1')}` });
    await name.fill('Piso uno');
    await name.press('Enter');
    await unsavedChip(page).waitFor();
    await expireSession();
    await page
      .getByRole('toolbar', { name: 'Herramientas del EDP' })
      .getByRole('button', { name: 'Grabar EDP' })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await page.waitForURL('**/login');

    // a colleague renames the root meanwhile
    const colleagueCookie = await signInApi(url(), colleague.email, colleague.password);
    const stored = await callFunction<{ project: LoadedProject }>(
      url(),
      'loadProject',
      { id: project._id },
      colleagueCookie,
    );
    await callFunction(
      url(),
      'saveEdp',
      {
        id: project._id,
        edp: {
          items: stored.project.edp.items.map((entry) =>
            entry.code === 'ELA' ? { ...entry, name: 'Los Aromos etapa 2' } : entry,
          ),
          version: stored.project.edp.version,
        },
      },
      colleagueCookie,
    );

    await signInUi();
    await page.waitForURL(`**/projects/${project._id}/edp`);
    const alert = recoveryAlert(page);
    await alert.getByText(OLDER).waitFor();
    await alert.getByRole('button', { name: 'Comparar' }).click();
    const comparison = page.getByRole('dialog', { name: 'Comparar con la versión grabada' });
    expect(await comparison.getByRole('list', { name: 'Diferencias' }).getByRole('listitem').allInnerTexts()).toEqual([
      'ELA Edificio Los Aromos: cambia de código o nombre (grabado: ELA Los Aromos etapa 2)',
      'ELA.1.1 Piso uno: cambia de código o nombre (grabado: ELA.1.1 Piso 1)',
    ]);
    await comparison.getByRole('button', { name: 'Aplicar sobre la versión actual' }).click();
    await alert.waitFor({ state: 'detached' });
    await piso1.getByText('Piso uno').waitFor();
    await unsavedChip(page).waitFor();

    // saved against the current version: no stale refusal, and the draft replaces the colleague's name
    await page
      .getByRole('toolbar', { name: 'Herramientas del EDP' })
      .getByRole('button', { name: 'Grabar EDP' })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => unsavedChip(page).count()).toBe(0);
    const saved = (await loadEdp()).edp.items;
    expect(saved.find((entry) => entry.code === 'ELA.1.1')?.name).toBe('Piso uno');
    expect(saved.find((entry) => entry.code === 'ELA')?.name).toBe('Edificio Los Aromos');
    expect(await draftKeys(page)).toEqual([]);
  });
});
