import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { CatalogueApi } from '../support/catalogues';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, breadcrumbs, sidebar } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

describe("Project routes: home, 'current' and unknown ids", () => {
  let session: SignedInSession;
  let projects: ProjectApi;
  let project: LoadedProject;

  beforeAll(async () => {
    session = await openAsFirstAdmin('rutas');
    projects = await ProjectApi.forSession(session);
    const catalogues = await CatalogueApi.forSession(session);
    const torre = await catalogues.save('tipos-area', {
      code: 'TOR',
      name: 'Torre',
      priority: 1,
      sectores: [{ code: 'PIS', name: 'Piso', quantity: 3, priority: 1 }],
    });
    const saved = await projects.save({
      name: 'Hospital Regional Talca',
      code: 'HRT',
      currency: 'UF',
      budget: '987654.32',
      startYear: '2026',
      endYear: '2029',
      tiposArea: [{ ...torre, quantity: 2 }],
    });
    project = await projects.load(saved._id);
  });

  afterAll(async () => {
    await session?.close();
  });

  const listLink = () => session.page.getByRole('link', { name: 'Ir a la lista de proyectos' });

  it("says that no project is selected on every 'current' route, with a link to the list", async () => {
    const { page } = session;
    for (const screen of ['', '/edp', '/edc', '/gantt', '/curva-s']) {
      await page.goto(`/projects/current${screen}`);
      await page.getByRole('heading', { name: 'No hay un proyecto seleccionado' }).waitFor();
      expect(await listLink().getAttribute('href')).toBe('/projects');
    }
    await screenshot(page, 'projects-current-none');
    // with no current project the sidebar's project links use the word 'current'
    await sidebar(page).getByRole('button', { name: 'Proyecto actual' }).waitFor();
    for (const [label, screen] of [
      ['EDP', 'edp'],
      ['EDC', 'edc'],
      ['Gantt', 'gantt'],
      ['Curva S', 'curva-s'],
    ] as const) {
      const link = sidebar(page).getByRole('link', { name: label, exact: true });
      expect(await link.getAttribute('href')).toBe(`/projects/current/${screen}`);
    }
    await listLink().click();
    await page.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
  });

  it("shows 'Proyecto no encontrado' for an unknown id, with a link to the list", async () => {
    const { page } = session;
    await page.goto('/projects/0190a0b0-0000-7000-8000-000000000000');
    await page.getByRole('heading', { name: 'Proyecto no encontrado' }).waitFor();
    expect(await listLink().getAttribute('href')).toBe('/projects');
    await page.goto('/projects/no-existe/edp');
    await page.getByRole('heading', { name: 'Proyecto no encontrado' }).waitFor();
    await screenshot(page, 'projects-not-found');
  });

  it('shows the project home card, selects the project and resolves current routes to it, also after a reload', async () => {
    const { page } = session;
    await page.goto(`/projects/${project._id}`);
    await page.getByRole('heading', { level: 1, name: 'Hospital Regional Talca' }).waitFor();
    const main = page.getByRole('main');
    for (const text of ['HRT', 'generica', 'UF 987.654,32', '2026 - 2029', 'Torre']) {
      await main.getByText(text, { exact: true }).first().waitFor();
    }
    // 1 root + 2 × (Torre + 3 pisos)
    expect(project.edp.items).toHaveLength(9);
    await main.getByText('9', { exact: true }).first().waitFor();
    await expect
      .poll(async () => (await breadcrumbs(page).innerText()).replace(/\s+/g, ' ').trim())
      .toMatch(/Inicio.*Proyectos.*Hospital Regional Talca.*Proyecto - Home/);
    await screenshot(page, 'projects-home');

    // it is now the current project: the sidebar group is named after it and links to its screens
    await sidebar(page).getByRole('button', { name: 'Hospital Regional Talca' }).waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'EDC', exact: true }).getAttribute('href')).toBe(
      `/projects/${project._id}/edc`,
    );

    await page.goto('/projects/current/gantt');
    await page.getByRole('heading', { level: 1, name: 'Hospital Regional Talca' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Hospital Regional Talca' }).waitFor();
    await page.goto('/projects/current/edp');
    await page.getByRole('heading', { level: 1, name: 'Hospital Regional Talca' }).waitFor();
    // the editor opens a small EDP fully expanded: the grid row of HRT.2.3 shows its name
    await page.locator('tbody tr').filter({ hasText: 'HRT.2.3' }).filter({ hasText: 'Piso 3' }).waitFor();
    await screenshot(page, 'projects-current-edp');
  });

  it('forgets the current project once it is deleted', async () => {
    const { page } = session;
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Eliminar Hospital Regional Talca' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Si, estoy seguro' }).click();
    await page.getByText('No se encontraron resultados').first().waitFor();
    await sidebar(page).getByRole('button', { name: 'Proyecto actual' }).waitFor();
    await page.goto('/projects/current');
    await page.getByRole('heading', { name: 'No hay un proyecto seleccionado' }).waitFor();
  });
});
