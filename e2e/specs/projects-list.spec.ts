import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import { ProjectApi, breadcrumbs, sidebar } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/** 60 projects: CLP budgets on odd numbers, UF on even ones. */
function seedProject(n: number) {
  const number = String(n).padStart(2, '0');
  return {
    name: `Proyecto ${number}`,
    code: `P${number}`,
    template: 'plantilla-2',
    currency: n % 2 === 1 ? 'CLP' : 'UF',
    budget: n % 2 === 1 ? String(1_234_567 + n) : `1234.5${n % 10}`,
    startYear: '2025',
    endYear: '2026',
  };
}

/** What the Nombre column shows: name plus code in brackets. */
function label(n: number): string {
  const project = seedProject(n);
  return `${project.name} (${project.code})`;
}

describe('Proyectos (list)', () => {
  let session: SignedInSession;
  let projects: ProjectApi;

  beforeAll(async () => {
    session = await openAsFirstAdmin('lista');
    projects = await ProjectApi.forSession(session);
    // created in reverse: the list is sorted by name, not by creation
    for (let n = 60; n >= 1; n -= 1) await projects.save(seedProject(n));
  });

  afterAll(async () => {
    await session?.close();
  });

  const table = () => session.page.getByRole('table');
  const nameButtons = async () =>
    (await table().locator('tbody tr').allInnerTexts()).map((text) => text.trim().split(/\n|\t/)[0]?.trim());

  async function openList() {
    const { page } = session;
    await page.goto('/projects');
    await page.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
    await table().getByRole('button', { name: 'Proyecto 01 (P01)' }).waitFor();
  }

  it('loads on opening, announces it, and pages through 60 projects sorted by name, with es-CL budgets', async () => {
    const { page } = session;
    await openList();
    await waitForSuccessToast(page, 'Proyectos cargados');
    await expect.poll(nameButtons).toEqual(Array.from({ length: 10 }, (_, i) => label(i + 1)));
    const first = table().locator('tbody tr').first();
    expect(await first.getByRole('button', { name: 'Proyecto 01 (P01)' }).count()).toBe(1);
    expect(await first.getByRole('button', { name: '$1.234.568', exact: true }).count()).toBe(1);
    const second = table().locator('tbody tr').nth(1);
    expect(await second.getByRole('button', { name: 'UF 1.234,52', exact: true }).count()).toBe(1);
    await screenshot(page, 'projects-list-page1');

    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await expect.poll(nameButtons).toEqual(Array.from({ length: 10 }, (_, i) => label(i + 11)));
    for (let pageIndex = 2; pageIndex < 6; pageIndex += 1) {
      await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    }
    await expect.poll(nameButtons).toEqual(Array.from({ length: 10 }, (_, i) => label(i + 51)));
    expect(await page.getByRole('button', { name: 'Ir a la página siguiente' }).isDisabled()).toBe(true);
  });

  it('searches by name and by code, and says when nothing matches', async () => {
    const { page } = session;
    await openList();
    await page.getByPlaceholder('Buscar').fill('Proyecto 42');
    await expect.poll(nameButtons).toEqual(['Proyecto 42 (P42)']);
    await page.getByPlaceholder('Buscar').fill('P17');
    await expect.poll(nameButtons).toEqual(['Proyecto 17 (P17)']);
    await page.getByPlaceholder('Buscar').fill('no-existe-zzz');
    await page.getByText('No se encontraron resultados').first().waitFor();
    await screenshot(page, 'projects-list-search-empty');
  });

  it("lists the user's projects under 'Mis proyectos', each linking to its home", async () => {
    const { page } = session;
    await openList();
    const link = sidebar(page).getByRole('link', { name: 'Proyecto 07', exact: true });
    await link.waitFor();
    const stored = await projects.findByCode('P07');
    expect(await link.getAttribute('href')).toBe(`/projects/${stored?._id}`);
  });

  it('opens a project from its budget, making it the current project, with breadcrumbs down to it', async () => {
    const { page } = session;
    await openList();
    await table().getByRole('button', { name: '$1.234.570', exact: true }).click();
    const stored = await projects.findByCode('P03');
    await page.waitForURL(`**/projects/${stored?._id}`);
    await page.getByRole('heading', { level: 1, name: 'Proyecto 03' }).waitFor();
    await sidebar(page).getByRole('button', { name: 'Proyecto 03' }).waitFor();
    await expect
      .poll(async () => (await breadcrumbs(page).innerText()).replace(/\s+/g, ' ').trim())
      .toMatch(/Inicio.*Proyectos.*Proyecto 03.*Proyecto - Home/);
    await screenshot(page, 'projects-home-from-list');
  });

  it('deletes a project (to the Papelera) only after confirming; cancelling changes nothing', async () => {
    const { page } = session;
    await openList();
    await page.getByPlaceholder('Buscar').fill('Proyecto 05');
    await expect.poll(nameButtons).toEqual(['Proyecto 05 (P05)']);

    await page.getByRole('button', { name: 'Eliminar Proyecto 05' }).click();
    const dialog = confirmDialog(page);
    await dialog.getByText('Confirma que deseas eliminar el proyecto').waitFor();
    await screenshot(page, 'projects-list-confirm-delete');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await projects.findByCode('P05')).toBeDefined();
    await expect.poll(nameButtons).toEqual(['Proyecto 05 (P05)']);

    await page.getByRole('button', { name: 'Eliminar Proyecto 05' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    // issue 30: to the Papelera (e2e/specs/trash.spec.ts follows it there)
    await waitForSuccessToast(page, /enviado a la Papelera/);
    await page.getByText('No se encontraron resultados').first().waitFor();
    expect(await projects.findByCode('P05')).toBeUndefined();
    expect(await projects.list()).toHaveLength(59);
    await sidebar(page).getByRole('link', { name: 'Proyecto 05', exact: true }).waitFor({ state: 'detached' });
  });
});
