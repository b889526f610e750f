import ExcelJS from 'exceljs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberApi, createUserApi, signInApi, signInContext, uniqueAccount } from '../support/api';
import { newContext, screenshot } from '../support/browser';
import { CatalogueApi, confirmDialog, waitForErrorToast, waitForSuccessToast } from '../support/catalogues';
import { openEdp, row, toolbarButton } from '../support/edp';
import type { EdpItem, LoadedProject } from '../support/projects';
import { ProjectApi, breadcrumbs, seedAreaTypeProject, sidebar } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

const STALE = 'El EDP fue modificado por otra persona; recarga para ver los cambios';

/** Items as "code name" lines, each indented two spaces per level under its parent, in the server's order. */
function outline(items: EdpItem[]): string[] {
  const depth = new Map<number, number>();
  return items.map((item) => {
    const level = item.parentId === undefined ? 0 : (depth.get(item.parentId) ?? 0) + 1;
    depth.set(item.id, level);
    return `${'  '.repeat(level)}${item.code} ${item.name}`;
  });
}

describe('EDP editor', () => {
  let session: SignedInSession;
  let projects: ProjectApi;
  let project: LoadedProject;
  let otherContext: BrowserContext;

  beforeAll(async () => {
    session = await openAsFirstAdmin('edp');
    projects = await ProjectApi.forSession(session);
    project = await seedAreaTypeProject(session);
    // a colleague, signed in in another browser context
    const colleague = uniqueAccount('colega');
    const adminCookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const created = await createUserApi(session.server.url, adminCookie, colleague);
    // issue 36: the colleague is one of the project's Planificadores
    await addMemberApi(session.server.url, adminCookie, project._id, created.user.id);
    otherContext = await newContext(session.browser, session.server.url);
    await signInContext(otherContext, session.server.url, colleague.email, colleague.password);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows the generated tree expanded, with the project name as the heading', async () => {
    const { page } = session;
    expect(outline(project.edp.items)).toEqual([
      'ELA Edificio Los Aromos',
      '  ELA.1 Torre 1',
      '    ELA.1.1 Piso 1',
      '    ELA.1.2 Piso 2',
      '  ELA.2 Torre 2',
      '    ELA.2.1 Piso 1',
      '    ELA.2.2 Piso 2',
    ]);
    await openEdp(page, project);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(7);
    await row(page, 'ELA.2.2').getByText('Piso 2').waitFor();
    for (const name of ['Id', 'Código', 'Nombre']) await page.getByRole('columnheader', { name }).first().waitFor();
    await screenshot(page, 'edp-editor');
  });

  it('adds, edits, indents, outdents and deletes locally, then saves after confirming', async () => {
    const { page } = session;
    await openEdp(page, project);

    // add under the selected item's parent: ELA.1 selected → a new level-1 item ELA.3, open for editing
    await row(page, 'ELA.1').click();
    expect(await row(page, 'ELA.1').getAttribute('aria-selected')).toBe('true');
    await toolbarButton(page, 'Agregar Item').click();
    const code = page.getByRole('textbox', { name: 'Código del ítem 8' });
    const name = page.getByRole('textbox', { name: 'Nombre del ítem 8' });
    expect(await code.inputValue()).toBe('ELA.3');
    expect(await name.inputValue()).toBe('Nuevo ítem');
    await page.getByText('Cambios sin grabar', { exact: true }).waitFor();

    // a duplicate code and an empty name are shown on the row, which stays open
    await code.fill('ela.1.1');
    await name.fill('');
    await toolbarButton(page, 'Grabar').click();
    await page.getByText('El código ELA.1.1 ya existe (ítem 3)').waitFor();
    await page.getByText('El nombre es obligatorio').waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'edp-editor-row-error');
    await code.fill('ELA.3');
    await name.fill('Estacionamientos');
    await toolbarButton(page, 'Grabar').click();
    await row(page, 'ELA.3').getByText('Estacionamientos').waitFor();
    expect(await code.count()).toBe(0);

    // rename an existing item with a double click, Enter commits
    await row(page, 'ELA.2.2').dblclick();
    await page.getByRole('textbox', { name: 'Nombre del ítem 7' }).fill('Azotea');
    await page.getByRole('textbox', { name: 'Nombre del ítem 7' }).press('Enter');
    await row(page, 'ELA.2.2').getByText('Azotea').waitFor();

    // ELA.3 went right after ELA.1's subtree: indent makes it ELA.1's last child, outdent takes it back
    await expect.poll(() => row(page, 'ELA.3').getAttribute('aria-level')).toBe('2');
    await row(page, 'ELA.3').click();
    await toolbarButton(page, 'Indentar').click();
    await expect.poll(() => row(page, 'ELA.3').getAttribute('aria-level')).toBe('3');
    // the first child cannot be indented: the domain says why
    await row(page, 'ELA.1.1').click();
    await toolbarButton(page, 'Indentar').click();
    await page.getByText('ELA.1.1 no tiene un ítem anterior en su nivel bajo el cual indentarlo').waitFor();
    await row(page, 'ELA.3').click();
    await toolbarButton(page, 'Desindentar').click();
    await expect.poll(() => row(page, 'ELA.3').getAttribute('aria-level')).toBe('2');

    // deleting an item with children asks first, naming it and counting what goes (issue 12)
    await row(page, 'ELA.1').click();
    await toolbarButton(page, 'Eliminar Item').click();
    await confirmDialog(page).getByText('Se eliminarán 3 ítems.', { exact: true }).waitFor();
    await confirmDialog(page).getByText('ELA.1 Torre 1 y todo lo que está bajo él').waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => row(page, 'ELA.1.1').count()).toBe(0);
    // the root cannot be deleted
    await row(page, 'ELA').click();
    expect(await toolbarButton(page, 'Eliminar Item').isDisabled()).toBe(true);

    // nothing reached the server yet
    expect((await projects.load(project._id)).edp.items).toHaveLength(7);

    await toolbarButton(page, 'Grabar EDP').click();
    await confirmDialog(page).getByText('¿Estás seguro de modificar los datos?').waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'EDP grabado: 5 ítems');
    await expect.poll(() => page.getByText('Cambios sin grabar', { exact: true }).count()).toBe(0);

    const expected = [
      'ELA Edificio Los Aromos',
      '  ELA.3 Estacionamientos',
      '  ELA.2 Torre 2',
      '    ELA.2.1 Piso 1',
      '    ELA.2.2 Azotea',
    ];
    const stored = await projects.load(project._id);
    expect(outline(stored.edp.items)).toEqual(expected);
    expect(stored.edp.version).toBeGreaterThan(project.edp.version);
    project = stored;

    await page.reload();
    await row(page, 'ELA.3').getByText('Estacionamientos').waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
  });

  it("keeps the user's edits when a colleague saved first, and 'Recargar' shows the colleague's EDP", async () => {
    const { page } = session;
    await openEdp(page, project);
    const other = await otherContext.newPage();
    await openEdp(other, project);

    // the colleague renames ELA.2.1 and saves first
    await row(other, 'ELA.2.1').dblclick();
    await other.getByRole('textbox', { name: 'Nombre del ítem 6' }).fill('Piso de la colega');
    await toolbarButton(other, 'Grabar').click();
    await toolbarButton(other, 'Grabar EDP').click();
    await confirmDialog(other).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(other, 'EDP grabado: 5 ítems');

    // this user renames ELA.2.2 and saves on the old version
    await row(page, 'ELA.2.2').dblclick();
    await page.getByRole('textbox', { name: 'Nombre del ítem 7' }).fill('Terraza mía');
    await page.getByRole('textbox', { name: 'Nombre del ítem 7' }).press('Enter');
    await toolbarButton(page, 'Grabar EDP').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForErrorToast(page);
    await page.getByRole('main').getByRole('alert').filter({ hasText: STALE }).waitFor();
    // the edit is still on screen, still unsaved
    await row(page, 'ELA.2.2').getByText('Terraza mía').waitFor();
    await page.getByText('Cambios sin grabar', { exact: true }).waitFor();
    await screenshot(page, 'edp-editor-conflict');
    expect(outline((await projects.load(project._id)).edp.items)).toContain('    ELA.2.1 Piso de la colega');

    // the stale-save alert's Recargar asks, then shows the colleague's version (the live banner above,
    // issue 19, has a 'Recargar' of its own that keeps the edit as a draft to recover)
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: STALE })
      .getByRole('button', { name: 'Recargar', exact: true })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await row(page, 'ELA.2.1').getByText('Piso de la colega').waitFor();
    await row(page, 'ELA.2.2').getByText('Azotea').waitFor();
    await expect.poll(() => page.getByRole('main').getByText(STALE).count()).toBe(0);
    await expect.poll(() => page.getByText('Cambios sin grabar', { exact: true }).count()).toBe(0);
    await other.close();
    project = await projects.load(project._id);
  });

  it('exports the tree to Excel: Código, Nombre, Nivel, one row per item, outline levels', async () => {
    const { page } = session;
    await openEdp(page, project);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      toolbarButton(page, 'Exportar a Excel').click(),
    ]);
    // issue 14: the server builds and names the workbook ({code}-edp.xlsx, beside {code}-gantt.xlsx)
    expect(download.suggestedFilename()).toBe('ELA-edp.xlsx');
    const path = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('sin hoja');
    const rows: unknown[][] = [];
    // the first three columns (issue 16's price columns follow: edp-prices.spec.ts) and the outline level
    sheet.eachRow((sheetRow) => rows.push([...(sheetRow.values as unknown[]).slice(1, 4), sheetRow.outlineLevel]));
    expect(rows).toEqual([
      ['Código', 'Nombre', 'Nivel', 0],
      ['ELA', 'Edificio Los Aromos', 0, 0],
      ['ELA.3', 'Estacionamientos', 1, 1],
      ['ELA.2', 'Torre 2', 1, 1],
      ['ELA.2.1', 'Piso de la colega', 2, 2],
      ['ELA.2.2', 'Azotea', 2, 2],
    ]);
  });

  it('prints the whole tree without the app around it', async () => {
    const { page } = session;
    await openEdp(page, project);
    // the browser's print dialog is not part of the test: count the calls instead
    await page.evaluate(() => {
      const target = window as unknown as { printCalls: number };
      target.printCalls = 0;
      window.print = () => {
        target.printCalls += 1;
      };
    });
    await toolbarButton(page, 'Imprimir').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const printable = page.getByRole('list', { name: 'EDP para imprimir' });
    await printable.waitFor();
    expect(await printable.getByRole('listitem').allInnerTexts()).toEqual([
      'ELA Edificio Los Aromos',
      'ELA.3 Estacionamientos',
      'ELA.2 Torre 2',
      'ELA.2.1 Piso de la colega',
      'ELA.2.2 Azotea',
    ]);
    expect(await sidebar(page).isVisible()).toBe(false);
    expect(await page.getByRole('toolbar', { name: 'Herramientas del EDP' }).isVisible()).toBe(false);
    expect(await page.locator('tbody').isVisible()).toBe(false);
    await screenshot(page, 'edp-editor-print');
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect.poll(() => printable.count()).toBe(0);
  });

  it('opens a 5,000-item EDP with only its first level, 50 rows a page, and finds a deep item by search', async () => {
    const { page } = session;
    const catalogues = await CatalogueApi.forSession(session);
    const bloque = await catalogues.save('tipos-area', {
      code: 'BLQ',
      name: 'Bloque',
      priority: 2,
      sectores: [
        { code: 'D', name: 'Departamento', quantity: 4, priority: 1 },
        { code: 'B', name: 'Bodega', quantity: 3, priority: 2 },
        { code: 'E', name: 'Estacionamiento', quantity: 2, priority: 3 },
      ],
    });
    const saved = await projects.save({
      name: 'Condominio Grande',
      code: 'CG',
      currency: 'CLP',
      budget: '1000000',
      tiposArea: [{ ...bloque, quantity: 500 }],
    });
    expect(saved.edpItemCount).toBe(5001);
    const big = await projects.load(saved._id);
    await openEdp(page, big);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(50);
    // the root and its 500 blocks are open to paging; the blocks' own items wait behind their buttons
    await page.getByText('1-50 de 501').waitFor();
    await screenshot(page, 'edp-editor-5000');
    await row(page, 'CG.3').getByRole('button', { name: 'Expandir CG.3' }).click();
    await row(page, 'CG.3.9').getByText('Estacionamiento 2').waitFor();
    await page.getByText('1-50 de 510').waitFor();

    await page.getByRole('textbox', { name: 'Buscar código o nombre' }).fill('CG.417.7');
    await row(page, 'CG.417.7').waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
    await page.getByRole('textbox', { name: 'Buscar código o nombre' }).fill('no existe');
    await page.getByText('No se encontraron resultados').waitFor();
  });

  it('asks before leaving the screen with unsaved changes', async () => {
    const { page } = session;
    await openEdp(page, project);
    await row(page, 'ELA.2.2').click();
    await toolbarButton(page, 'Desindentar').click();
    await page.getByText('Cambios sin grabar', { exact: true }).waitFor();
    await breadcrumbs(page).getByRole('link', { name: 'Proyectos' }).click();
    await confirmDialog(page)
      .getByText('Hay cambios sin grabar en el EDP. Si sales de esta pantalla se perderán.')
      .waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Cancelar' }).click();
    await page.getByText('Cambios sin grabar', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/projects/${project._id}/edp`);
    await breadcrumbs(page).getByRole('link', { name: 'Proyectos' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
    // nothing was saved
    expect(outline((await projects.load(project._id)).edp.items)).toContain('    ELA.2.2 Azotea');

    // closing the tab with unsaved changes asks the browser's own question
    const other = await session.context.newPage();
    await openEdp(other, project);
    await row(other, 'ELA.2.2').click();
    await toolbarButton(other, 'Desindentar').click();
    await other.getByText('Cambios sin grabar', { exact: true }).waitFor();
    const asked = new Promise<string>((resolve) => {
      other.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      });
    });
    await other.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });
});
