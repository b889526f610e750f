import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import type { TestClock } from '../support/clock';
import { REAL_CLOCK, daysOffAfter, todayOn } from '../support/clock';
import type { GanttOutput, GanttTask } from '../support/gantt';
import type { LoadedProject } from '../support/projects';
import { seedAreaTypeProject } from '../support/projects';
import { startServer } from '../support/server';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/**
 * Issue 19, the task views: the kanban, the calendar and the data table show the current project's
 * tasks; the data table's and the EDP grid's column filters say 'Filtro no válido' for an invalid
 * value and filter nothing with it; the '/authentication/…' pages open signed out. Issue 30: the
 * kanban and the calendar use 'today', so they also run with the app's clock (server and browser) on
 * a Saturday that ends a month, a Sunday and a Chilean holiday (support/clock.ts).
 */

function taskByCode(gantt: GanttOutput, code: string): GanttTask {
  const task = gantt.activities.find((candidate) => candidate.TaskCode === code);
  if (!task) throw new Error(`no task ${code}`);
  return task;
}

/** Visits the project's home, which makes it the current project (the views read that one). */
async function chooseProject(page: Page, project: LoadedProject): Promise<void> {
  await page.goto(`/projects/${project._id}`);
  await page.getByRole('heading', { level: 1, name: project.name }).first().waitFor();
}

/** Every request of the page to a host other than the app's. */
function foreignRequests(page: Page, appUrl: string): string[] {
  const host = new URL(appUrl).host;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.host !== host) foreign.push(request.url());
  });
  return foreign;
}

type Seeded = { project: LoadedProject; gantt: GanttOutput };

/**
 * The project the views show, on `today` (the app's): Torre × 2, Piso × 2, leaves ELA.1.1, ELA.1.2,
 * ELA.2.1 and ELA.2.2 in this year's calendar (Monday–Friday, Chile's holidays); ELA.1.1 and ELA.1.2
 * start today, ELA.1.2 lasts 40 days; at today's cut-off, ELA.1.2 started today (40 %) and ELA.2.1
 * started and finished today. On a day off, ELA.1.1 starts on the next working day, and the others
 * keep their actual dates (issue 30).
 */
async function seedTaskViews(session: SignedInSession, today: string): Promise<Seeded> {
  const project = await seedAreaTypeProject(session, { torres: 2, year: today.slice(0, 4) });
  const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
  const loaded = await callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: project._id }, cookie);
  const activities = loaded.activities.map((task) => ({
    TaskID: task.TaskID,
    TaskCode: task.TaskCode,
    TaskName: task.TaskName,
    StartDate: ['ELA.1.1', 'ELA.1.2', 'ELA.2.1'].includes(task.TaskCode)
      ? today
      : (task.StartNoEarlierThan ?? task.StartDate),
    Duration: task.TaskCode === 'ELA.1.2' ? 40 : task.Duration,
    Progress: 0,
    ParentId: task.ParentId ?? null,
    Predecessor: task.Predecessor,
  }));
  const saved = await callFunction<GanttOutput>(
    session.server.url,
    'saveGantt',
    { id: project._id, gantt: { activities }, version: loaded.version },
    cookie,
  );
  const gantt = await callFunction<GanttOutput>(
    session.server.url,
    'saveProgress',
    {
      id: project._id,
      cutoff: today,
      version: saved.version,
      entries: [
        { TaskID: taskByCode(saved, 'ELA.1.2').TaskID, ActualStart: today, Progress: 40 },
        { TaskID: taskByCode(saved, 'ELA.2.1').TaskID, ActualStart: today, ActualFinish: today, Progress: 100 },
      ],
    },
    cookie,
  );
  // issue 30: whatever day today is, what was done today shows today, and nothing finishes before it starts
  for (const task of gantt.activities) expect(task.EndDate >= task.StartDate, task.TaskCode).toBe(true);
  expect([taskByCode(gantt, 'ELA.2.1').StartDate, taskByCode(gantt, 'ELA.2.1').EndDate]).toEqual([today, today]);
  expect(taskByCode(gantt, 'ELA.1.2').StartDate).toBe(today);
  return { project, gantt };
}

/** The kanban: the leaf tasks of the next three weeks in their columns, with counts and a link to the Gantt. */
async function checkKanban(session: SignedInSession, { project, gantt }: Seeded, shot?: string): Promise<void> {
  const { page } = session;
  await chooseProject(page, project);
  await page.goto('/applications/kanban');
  await page.getByRole('heading', { level: 1, name: 'Tablero de tareas' }).waitFor();
  const column = (name: string) => page.locator(`section[data-kanban-column="${name}"]`);
  const idOf = (code: string) => String(taskByCode(gantt, code).TaskID);
  await column('toStart')
    .locator(`[data-task-id="${idOf('ELA.1.1')}"]`)
    .waitFor();
  await column('inProgress')
    .locator(`[data-task-id="${idOf('ELA.1.2')}"]`)
    .waitFor();
  await column('done')
    .locator(`[data-task-id="${idOf('ELA.2.1')}"]`)
    .waitFor();
  // summaries are not cards
  await expect(page.locator(`[data-task-id="${idOf('ELA')}"]`).count()).resolves.toBe(0);
  await expect(column('inProgress').getByTestId('kanban-count').innerText()).resolves.toBe('1 tarea');
  await expect(column('done').getByTestId('kanban-count').innerText()).resolves.toBe('1 tarea');
  await expect(column('late').locator('[data-task-id]').count()).resolves.toBe(0);
  await expect(column('inProgress').locator('[data-task-id]').first().innerText()).resolves.toContain('40 %');
  await expect(page.getByRole('link', { name: 'Abrir Gantt' }).getAttribute('href')).resolves.toBe(
    `/projects/${project._id}/gantt`,
  );
  await expect(page.getByText('solo lectura', { exact: false }).count()).resolves.toBe(1);
  if (shot) await screenshot(page, shot);
}

/** Months from `from`'s to `to`'s (YYYY-MM-DD), negative going back. */
function monthsBetween(from: string, to: string): number {
  return (
    Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)))
  );
}

/**
 * The calendar: the tasks on their days, today's month first; with `january`, Chile's holidays and
 * the weekends in January (which does not depend on the day it runs on: the real clock's run only).
 */
async function checkCalendar(
  session: SignedInSession,
  { project, gantt }: Seeded,
  today: string,
  options: { january: boolean; shot?: string },
): Promise<void> {
  const { page } = session;
  await chooseProject(page, project);
  await page.goto('/applications/calendar');
  await page.getByRole('heading', { level: 1, name: 'Calendario' }).waitFor();
  const cell = (date: string) => page.locator(`td[data-date="${date}"]`);
  const move = async (months: number) => {
    const button = page.getByRole('button', { name: months > 0 ? 'Mes siguiente' : 'Mes anterior' });
    for (let step = 0; step < Math.abs(months); step += 1) await button.click();
  };
  // today's month first, today marked
  await expect(page.locator('td[aria-current="date"]').getAttribute('data-date')).resolves.toBe(today);
  // the tasks on their days: what was done today on today (a one-day task shows on its day, worked or
  // not); ELA.1.1 on its start, the next working day on or after today (on a day off, maybe in the
  // next month), and ELA.1.2, under way since today, on that working day too
  await cell(today)
    .locator(`[data-task-id="${taskByCode(gantt, 'ELA.2.1').TaskID}"]`)
    .waitFor();
  const ela11 = taskByCode(gantt, 'ELA.1.1');
  expect(ela11.StartDate >= today).toBe(true);
  await move(monthsBetween(today, ela11.StartDate));
  await cell(ela11.StartDate).locator(`[data-task-id="${ela11.TaskID}"]`).waitFor();
  await cell(ela11.StartDate)
    .locator(`[data-task-id="${taskByCode(gantt, 'ELA.1.2').TaskID}"]`)
    .waitFor();
  if (options.january) {
    // back to January of today's year: Año Nuevo is a holiday
    const newYear = `${today.slice(0, 4)}-01-01`;
    await move(monthsBetween(ela11.StartDate, newYear));
    await expect(cell(newYear).getAttribute('data-non-working')).resolves.toBe('holiday');
    await expect(cell(newYear).innerText()).resolves.toContain('Feriado');
    // the first Sunday of January is not worked (Monday to Friday)
    const sunday = Array.from({ length: 7 }, (_, index) => `${today.slice(0, 4)}-01-0${index + 1}`).find(
      (date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 0,
    );
    await expect(cell(sunday ?? '').getAttribute('data-non-working')).resolves.toBe('weekday');
  }
  // 'Hoy' comes back to today's month
  await page.getByRole('button', { name: 'Hoy', exact: true }).click();
  await expect(page.locator('td[aria-current="date"]').getAttribute('data-date')).resolves.toBe(today);
  await cell(today)
    .locator(`[data-task-id="${taskByCode(gantt, 'ELA.2.1').TaskID}"]`)
    .first()
    .waitFor();
  if (options.shot) await screenshot(page, options.shot);
}

describe('task views (issue 19)', () => {
  let session: SignedInSession;
  let seeded: Seeded;
  let project: LoadedProject;
  let gantt: GanttOutput;
  const today = todayOn(REAL_CLOCK);

  beforeAll(async () => {
    session = await openAsFirstAdmin('taskviews');
    seeded = await seedTaskViews(session, today);
    ({ project, gantt } = seeded);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('invites to choose a project while there is no current one', async () => {
    const { page } = session;
    for (const path of ['/applications/kanban', '/applications/calendar', '/applications/data-tables']) {
      await page.goto(path);
      await page.getByText('Elige un proyecto para ver sus tareas').waitFor();
      await expect(page.getByRole('link', { name: 'Elegir proyecto' }).getAttribute('href')).resolves.toBe('/projects');
    }
  });

  it('kanban: the leaf tasks of the next three weeks in their columns, with counts and a link to the Gantt', async () => {
    await checkKanban(session, seeded, 'task-views-kanban');
  });

  it("calendar: the tasks on their days, today's month first, Chile's holidays and the weekends", async () => {
    await checkCalendar(session, seeded, today, { january: true, shot: 'task-views-calendar' });
  });

  it("data table: every task, column filters, and 'Filtro no válido' that filters nothing", async () => {
    const { page } = session;
    await chooseProject(page, project);
    await page.goto('/applications/data-tables');
    await page.getByRole('heading', { level: 1, name: 'Tabla de tareas' }).waitFor();
    const rows = page.locator('.task-table tbody tr');
    await expect.poll(() => rows.count()).toBe(gantt.activities.length);

    const duration = page.getByRole('textbox', { name: 'Filtrar por Duración (días hábiles)' });
    await duration.fill('abc');
    await page.getByText('Filtro no válido').waitFor();
    await expect(duration.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(() => rows.count()).toBe(gantt.activities.length);
    await duration.fill('');
    await expect.poll(() => page.getByText('Filtro no válido').count()).toBe(0);

    const start = page.getByRole('textbox', { name: 'Filtrar por Inicio' });
    await start.fill('31-02-2026');
    await page.getByText('Filtro no válido').waitFor();
    await expect.poll(() => rows.count()).toBe(gantt.activities.length);
    await screenshot(page, 'task-views-data-table-invalid');
    await start.fill('');

    // a valid filter filters: the ELA.2 branch
    await page.getByRole('textbox', { name: 'Filtrar por Código' }).fill('ELA.2');
    await expect
      .poll(() => rows.count())
      .toBe(gantt.activities.filter((task) => task.TaskCode.startsWith('ELA.2')).length);
    await expect(page.getByText('Filtro no válido').count()).resolves.toBe(0);
  });

  it("EDP grid: column filters, and 'Filtro no válido' that filters nothing", async () => {
    const { page } = session;
    await page.goto(`/projects/${project._id}/edp`);
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();
    const rows = page.locator('.edp-grid tbody tr');
    await rows.first().waitFor();
    const before = await rows.count();
    expect(before).toBeGreaterThan(1);

    const id = page.getByRole('textbox', { name: 'Filtrar por Id' });
    await id.fill('abc');
    await page.getByText('Filtro no válido').waitFor();
    await expect(id.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(() => rows.count()).toBe(before);
    await screenshot(page, 'task-views-edp-invalid-filter');
    await id.fill('');

    await page.getByRole('textbox', { name: 'Filtrar por Código' }).fill('ELA.2.2');
    await expect.poll(() => page.locator('.edp-grid tbody tr').filter({ hasText: 'ELA.1.1' }).count()).toBe(0);
    await page.locator('.edp-grid tbody tr').filter({ hasText: 'ELA.2.2' }).first().waitFor();
  });

  it('/applications/wizard is the project wizard', async () => {
    const { page } = session;
    await page.goto('/applications/wizard');
    await page.getByRole('button', { name: 'Datos básicos', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Siguiente', exact: true }).waitFor();
  });

  it("/pages/users/new-user is 'Nuevo Usuario'", async () => {
    const { page } = session;
    await page.goto('/pages/users/new-user');
    await page.getByRole('heading', { level: 1, name: 'Nuevo Usuario' }).waitFor();
    await page.getByLabel('Contraseña temporal').waitFor();
    await page.getByRole('button', { name: 'Crear usuario' }).waitFor();
  });

  it('a signed-in user opening a sign-in page goes into the app', async () => {
    const { page } = session;
    await page.goto('/authentication/signin/cover');
    await page.waitForURL('**/home');
  });

  it('the authentication pages open signed out: sign-in variants, and the advice to ask an administrator', async () => {
    const context = await newContext(session.browser, session.server.url);
    const page = await context.newPage();
    const foreign = foreignRequests(page, session.server.url);
    for (const path of ['/authentication/signin/cover', '/authentication/signin/illustration']) {
      await page.goto(path);
      await page.getByLabel('Correo').waitFor();
      await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
      expect(page.url()).toContain(path);
      // no shell
      await expect(page.getByRole('link', { name: 'Mi perfil' }).count()).resolves.toBe(0);
      await screenshot(page, `task-views${path.replaceAll('/', '-')}`);
    }
    await page.goto('/authentication/signin/basic');
    await page.waitForURL('**/login');

    await page.goto('/authentication/signup/cover');
    await page.getByText('Pide a un administrador que cree tu cuenta').waitFor();
    await screenshot(page, 'task-views-signup-cover');
    await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Correo').waitFor();

    await page.goto('/authentication/reset/cover');
    await page.getByText('Pide a un administrador que restablezca tu contraseña', { exact: false }).waitFor();
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('the sign-up page offers the administrator form while no user exists', async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const context = await newContext(browser, server.url);
      const page = await context.newPage();
      await page.goto('/authentication/signup/cover');
      await page.getByRole('heading', { name: 'Crear cuenta de administrador' }).waitFor();
      await page.getByLabel('Nombre').waitFor();
      await expect(page.getByText('Pide a un administrador que cree tu cuenta').count()).resolves.toBe(0);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});

/**
 * Issue 30: the scenarios that use 'today' with the app's clock on days off, chosen ahead of the real
 * date: a Saturday that ends a month, a Sunday and a Chilean holiday on a weekday.
 */
describe.each(daysOffAfter())('task views on a day off: $name (issue 30)', (clock: TestClock) => {
  let session: SignedInSession;
  let seeded: Seeded;
  const today = todayOn(clock);

  beforeAll(async () => {
    session = await openAsFirstAdmin('taskviews', clock);
    seeded = await seedTaskViews(session, today);
  });

  afterAll(async () => {
    await session?.close();
  });

  it("the server lives on that day: the seeding's history entries are dated today", async () => {
    const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const history = await callFunction<{ entries: { at: string }[] }>(
      session.server.url,
      'loadProjectHistory',
      { id: seeded.project._id },
      cookie,
    );
    expect(history.entries.length).toBeGreaterThan(0);
    for (const entry of history.entries) expect(todayOn({ name: 'entrada', instant: new Date(entry.at) })).toBe(today);
  });

  it('kanban: what was done and started today in its columns, what starts next in the next three weeks', async () => {
    await checkKanban(session, seeded);
    // the browser lives on that day too
    const browserToday = await session.page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date()),
    );
    expect(browserToday).toBe(today);
  });

  it("calendar: today's month first, the tasks on their days, and back with 'Hoy'", async () => {
    await checkCalendar(session, seeded, today, { january: false });
  });
});
