import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import type { LoadedProject } from '../support/projects';
import { seedAreaTypeProject } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/** Page errors and requests to any other host while `page` is watched. */
function watch(page: Page, origin: string) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.push(`request to another host: ${url}`);
    }
  });
  return problems;
}

describe('home dashboard', () => {
  let session: SignedInSession;
  let problems: string[];
  let project: LoadedProject;

  beforeAll(async () => {
    session = await openAsFirstAdmin('panel');
    problems = watch(session.page, session.server.url);
  });

  afterAll(async () => {
    await session?.close();
  });

  const card = (name: string) => session.page.getByTestId('dashboard-project').filter({ hasText: name });

  it("greets a new installation with the empty state, whose 'Crear proyecto' opens the wizard", async () => {
    const { page } = session;
    await page.goto('/home');
    const empty = page.getByTestId('dashboard-empty');
    await empty.getByRole('heading', { name: 'Aún no hay proyectos' }).waitFor();
    await empty.getByRole('button', { name: 'Importar programa (MS Project o Primavera P6)' }).waitFor();
    await expect(page.getByRole('link', { name: 'Crear proyecto' }).count()).resolves.toBe(1);
    await screenshot(page, 'dashboard-empty');
    await empty.getByRole('link', { name: 'Crear proyecto' }).click();
    await page.waitForURL('**/projects/new');
  });

  it('shows a created project on /home with its task count, span and no progress yet', async () => {
    project = await seedAreaTypeProject(session, { name: 'Edificio Los Aromos', code: 'ELA', year: '2026' });
    const { page } = session;
    await page.goto('/home');
    const aromos = card('Edificio Los Aromos');
    await aromos.waitFor();
    await expect(aromos.getByRole('link', { name: 'Edificio Los Aromos' }).getAttribute('href')).resolves.toBe(
      `/projects/${project._id}`,
    );
    // the Gantt was never opened: one task per EDP item
    const tasks = aromos.locator('dt', { hasText: 'Tareas' }).locator('xpath=following-sibling::dd[1]');
    await expect(tasks.textContent()).resolves.toBe(String(project.edp.items.length));
    await expect(aromos.getByText(/^\d{2}-\d{2}-2026 – \d{2}-\d{2}-\d{4}$/).count()).resolves.toBe(1);
    await aromos.getByText('Sin avance registrado').waitFor();
    await expect(page.getByTestId('dashboard-empty').count()).resolves.toBe(0);
    await screenshot(page, 'dashboard-projects');

    await aromos.getByRole('link', { name: 'Edificio Los Aromos' }).click();
    await page.waitForURL(`**/projects/${project._id}`);
  });

  it('shows the same dashboard on the three dashboards routes', async () => {
    for (const route of ['/dashboards/dashboard-default', '/dashboards/dashboard-default-old', '/dashboards/sales']) {
      await session.page.goto(route);
      await card('Edificio Los Aromos').waitFor();
      await session.page.getByRole('heading', { name: 'Próximas dos semanas' }).waitFor();
    }
  });

  it("draws the projects' charts on /pages/charts and their widgets on /pages/widgets", async () => {
    const { page } = session;
    await page.goto('/pages/charts');
    await page.getByRole('heading', { name: 'Tareas por proyecto' }).waitFor();
    await page.locator('svg[aria-label="Tareas y tareas críticas por proyecto"]').waitFor();
    await page.getByText('Ningún proyecto tiene avance registrado todavía.').waitFor();
    await screenshot(page, 'dashboard-charts');

    await page.goto('/pages/widgets');
    await page.getByRole('article', { name: 'Edificio Los Aromos' }).waitFor();
    await page
      .getByRole('group', { name: 'Tareas', exact: true })
      .getByText(String(project.edp.items.length))
      .waitFor();
  });

  it("shows the profile with the user's projects on /profile/overview and /pages/profile/projects", async () => {
    const { page } = session;
    await page.goto('/profile/overview');
    await page.getByRole('heading', { level: 1, name: session.admin.name }).waitFor();
    await page.getByText(session.admin.email).waitFor();
    await card('Edificio Los Aromos').waitFor();
    await screenshot(page, 'dashboard-profile-overview');

    await page.goto('/pages/profile/projects');
    await page.getByRole('heading', { level: 1, name: 'Mis proyectos' }).waitFor();
    await card('Edificio Los Aromos').waitFor();
    await page.getByText('1 proyecto creado por ti').waitFor();
  });

  it('made no request to another host and raised no page error', () => {
    expect(problems).toEqual([]);
  });
});
