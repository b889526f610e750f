import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { screenshot } from '../support/browser';
import { CatalogueApi, waitForSuccessToast } from '../support/catalogues';
import { gridCodes, gridTable, heading, openEdc, selectTreeItem, treeItem } from '../support/edc';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, edpItemId, saveTorreAreaType, seedAreaTypeProject, sidebar } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 12, EDC: the screen remembers the selected item per project; the grid is on screen at
 * 1366×768 without scrolling the page; generated rows show their catalogue code and name beside
 * the spec's generated code.
 *
 * Catalogue: ASC (priority 3) with Motor (priority 1: SUM Suministro, MON Montaje, INS Instalación
 * eléctrica, PRU Pruebas) and Cabina (priority 2: PIN Pintura, TER Terminaciones, REV Revestimiento),
 * and Guías (priority 3: the same four as Motor): 1 + 3 + 11 = 15 rows per drop, more than the grid
 * shows at 768 px, so it scrolls inside.
 */

/** Opens a tree branch from its expand icon (a click on the label selects instead). */
async function expandTreeItem(page: Page, label: string): Promise<void> {
  const item = treeItem(page, label);
  if ((await item.getAttribute('aria-expanded')) === 'true') return;
  await item.locator('.MuiTreeItem-iconContainer').first().click();
  await expect.poll(() => item.getAttribute('aria-expanded')).toBe('true');
}

async function assign(page: Page, component: string, system: string, message: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Componente principal' }).click();
  await page.getByRole('option', { name: component }).click();
  await page.getByRole('combobox', { name: 'Sistema' }).click();
  await page.getByRole('option', { name: system }).click();
  await page.getByRole('button', { name: 'Asignar', exact: true }).click();
  await waitForSuccessToast(page, message);
}

/** Whether the tree item shows as the shown one (aria-current; the checkboxes are the ticks, issue 13). */
async function isSelected(item: Locator): Promise<boolean> {
  return (await item.getAttribute('aria-current')) === 'true';
}

/** The page's scroll height and the viewport's height: equal when the page does not scroll. */
function pageHeights(page: Page): Promise<{ scrollHeight: number; innerHeight: number }> {
  return page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
  }));
}

async function toggleDarkMode(page: Page, isDark: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
  const toggle = page.getByLabel('Fondo claro / Fondo Oscuro');
  if (isDark) await toggle.check();
  else await toggle.uncheck();
  await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  await page.keyboard.press('Escape');
}

describe('EDC screen: remembered item, layout, catalogue columns', () => {
  let session: SignedInSession;
  let project: LoadedProject;
  let other: LoadedProject;
  let projects: ProjectApi;
  let cookie: string;

  beforeAll(async () => {
    session = await openAsFirstAdmin('edc-layout');
    const catalogues = await CatalogueApi.forSession(session);
    projects = await ProjectApi.forSession(session);
    cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const activity = async (code: string, name: string, priority: number) =>
      (await catalogues.save('actividades', { code, name, priority }))._id;
    const sum = await activity('SUM', 'Suministro', 1);
    const mon = await activity('MON', 'Montaje', 2);
    const ins = await activity('INS', 'Instalación eléctrica', 3);
    const pru = await activity('PRU', 'Pruebas', 4);
    const pin = await activity('PIN', 'Pintura', 5);
    const ter = await activity('TER', 'Terminaciones', 6);
    const rev = await activity('REV', 'Revestimiento', 7);
    await catalogues.save('sistemas', { code: 'ELE', name: 'Eléctrico', priority: 1 });
    await catalogues.save('sistemas', { code: 'AP', name: 'Agua potable', priority: 2 });
    const four = [{ _id: sum }, { _id: mon }, { _id: ins }, { _id: pru }];
    await catalogues.save('componentes', {
      code: 'ASC',
      name: 'Ascensor',
      priority: 3,
      subcomponents: [
        { id: 1, code: 'MOT', name: 'Motor', priority: 1, actividades: four },
        { id: 2, code: 'CAB', name: 'Cabina', priority: 2, actividades: [{ _id: pin }, { _id: ter }, { _id: rev }] },
        { id: 3, code: 'GUI', name: 'Guías', priority: 3, actividades: four },
      ],
    });
    const torre = await saveTorreAreaType(session, 3);
    project = await seedAreaTypeProject(session, { areaType: torre });
    other = await seedAreaTypeProject(session, { name: 'Edificio Las Lilas', code: 'ELL', areaType: torre });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows the catalogue code and name beside the generated code of each generated row', async () => {
    const { page } = session;
    await openEdc(page, project, null);
    await selectTreeItem(page, project, 'ELA.2 Torre 2', 'ELA.2');
    await assign(page, 'ASC Ascensor', 'ELE Eléctrico', 'EDC grabado: 15 ítems');
    await expect.poll(async () => (await gridCodes(page)).length).toBe(15);

    const headers = await gridTable(page).getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual([
      'Código',
      'Código catálogo',
      'Nombre catálogo',
      'Nombre',
      'Cantidad',
    ]);
    const cells = (code: string) =>
      gridTable(page)
        .locator(`tbody tr[data-edc-code="${code}"] td`)
        .evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').trim()));
    // the spec's generated codes stay (ASC.2.ELE.3, {main}.k, ACT{r}); the catalogue's sit beside them
    // issue 35: 'Cantidad' is empty for components and for activities without a unit of work
    expect(await cells('ASC.2.ELE.3')).toEqual(['ASC.2.ELE.3Componente', 'ASC', 'Ascensor', 'Ascensor', '']);
    expect(await cells('ASC.2.ELE.3.3')).toEqual(['ASC.2.ELE.3.3Subcomponente', 'GUI', 'Guías', 'Guías', '']);
    expect(await cells('ACT3')).toEqual(['ACT3Actividad', 'INS', 'Instalación eléctrica', 'Instalación eléctrica', '']);
    expect(await cells('ACT9')).toEqual(['ACT9Actividad', 'MON', 'Montaje', 'Montaje', '']);

    // stored with the list: loadEdc gives them back
    const stored = await callFunction<{ edc: { componentesEdc: { code: string; sourceCode?: string }[] } }>(
      session.server.url,
      'loadEdc',
      { projectId: project._id, id: edpItemId(project, 'ELA.2') },
      cookie,
    );
    expect(stored.edc.componentesEdc.find((row) => row.code === 'ACT3')?.sourceCode).toBe('INS');
  });

  it('keeps the grid on screen without scrolling the page at 1366×768 and 1024×768, light and dark', async () => {
    const { page } = session;
    for (const [width, height] of [
      [1366, 768],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      // ELA.2 is remembered from the test before
      await openEdc(page, project, 'ELA.2');
      await expect.poll(async () => (await gridCodes(page)).length).toBe(15);
      for (const isDark of [false, true]) {
        await toggleDarkMode(page, isDark);
        const heights = await pageHeights(page);
        expect(heights.scrollHeight, `${width}×${height}`).toBeLessThanOrEqual(heights.innerHeight);
        // the grid's scrolling box, its header and its first rows are inside the viewport
        const box = await gridTable(page).locator('xpath=..').boundingBox();
        expect(box, `${width}×${height}`).not.toBeNull();
        if (!box) return;
        expect(box.y).toBeGreaterThan(0);
        expect(box.y + box.height).toBeLessThanOrEqual(height);
        expect(box.height).toBeGreaterThanOrEqual(160);
        for (const code of ['ASC.2.ELE.3', 'ASC.2.ELE.3.1']) {
          const row = await gridTable(page).locator(`tbody tr[data-edc-code="${code}"]`).boundingBox();
          expect(row && row.y + row.height <= box.y + box.height, code).toBe(true);
        }
        // the rest scrolls inside the grid, not the page
        const scroll = await gridTable(page)
          .locator('xpath=..')
          .evaluate((element) => ({ scrollHeight: element.scrollHeight, clientHeight: element.clientHeight }));
        expect(scroll.scrollHeight).toBeGreaterThan(scroll.clientHeight);
        await screenshot(page, `edc-layout-${width}-${isDark ? 'dark' : 'light'}`);
      }
      await toggleDarkMode(page, false);
    }
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('remembers the selected item per project: back from another screen and after a reload it is selected, its branch open, its EDC loaded', async () => {
    const { page } = session;
    await openEdc(page, project, 'ELA.2');
    await expandTreeItem(page, 'ELA.1 Torre 1');
    await selectTreeItem(page, project, 'ELA.1.2 Piso 2', 'ELA.1.2');
    await assign(page, 'ASC Ascensor', 'AP Agua potable', 'EDC grabado: 15 ítems');
    const codes = await gridCodes(page);
    expect(codes[0]).toBe('ASC.1.2.AP.3');

    const expectRemembered = async () => {
      await heading(page, project, 'ELA.1.2').waitFor();
      const item = treeItem(page, 'ELA.1.2 Piso 2');
      await item.waitFor();
      await expect.poll(() => isSelected(item)).toBe(true);
      expect(await treeItem(page, 'ELA.1 Torre 1').getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => gridCodes(page)).toEqual(codes);
    };

    // away to the project list and back through the sidebar (no reload)
    await sidebar(page).getByRole('link', { name: 'Proyectos', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
    await sidebar(page).getByRole('link', { name: 'EDC', exact: true }).click();
    await expectRemembered();
    await screenshot(page, 'edc-remembered-item');

    await page.reload();
    await expectRemembered();

    // 'current' is the same project, so the same item
    await page.goto('/projects/current/edc');
    await expectRemembered();

    // another project has its own (none yet); coming back still finds ELA.1.2
    await openEdc(page, other, null);
    await selectTreeItem(page, other, 'ELL.1 Torre 1', 'ELL.1');
    await openEdc(page, project, 'ELA.1.2');
    await expectRemembered();
    await openEdc(page, other, 'ELL.1');
  });

  it('falls back to no selection, without a message, when the remembered item is gone from the EDP', async () => {
    const { page } = session;
    await openEdc(page, project, 'ELA.1.2');
    // someone removes ELA.1.2 (and with it its EDC) from the EDP
    const current = await projects.load(project._id);
    await callFunction(
      session.server.url,
      'saveEdp',
      {
        id: project._id,
        edp: { items: current.edp.items.filter((item) => item.code !== 'ELA.1.2'), version: current.edp.version },
      },
      cookie,
    );
    await openEdc(page, project, null);
    await treeItem(page, 'ELA.1 Torre 1').waitFor();
    expect(await gridCodes(page)).toEqual([]);
    expect(await page.getByText('Error en Cimiento').count()).toBe(0);
    // forgotten: the other project's item is still remembered
    const stored = await page.evaluate(() => localStorage.getItem('cimiento-edc-selection'));
    const selected = (JSON.parse(stored ?? '{}') as { state?: { selected?: Record<string, Record<string, number>> } })
      .state?.selected;
    const mine = Object.values(selected ?? {})[0] ?? {};
    expect(mine[project._id]).toBeUndefined();
    expect(mine[other._id]).toBe(edpItemId(other, 'ELL.1'));
  });
});
