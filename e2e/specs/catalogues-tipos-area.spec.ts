import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import {
  CatalogueApi,
  confirmDialog,
  expectRows,
  expectValidation,
  openCatalogue,
  recordDialog,
  rowButton,
  waitForErrorToast,
  waitForSuccessToast,
} from '../support/catalogues';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

describe('Tipos de área', () => {
  let session: SignedInSession;
  let api: CatalogueApi;

  beforeAll(async () => {
    session = await openAsFirstAdmin('areas');
    api = await CatalogueApi.forSession(session);
    await api.save('tipos-area', {
      code: 'DEP',
      name: 'Departamento',
      priority: 1,
      sectores: [
        { code: 'DOR', name: 'Dormitorio', quantity: 2, priority: 1 },
        { code: 'BAN', name: 'Baño', quantity: 1, priority: 2 },
        { code: 'COC', name: 'Cocina', quantity: 1, priority: 3 },
      ],
    });
    await api.save('tipos-area', { code: 'EST', name: 'Estacionamiento', priority: 2, sectores: [] });
    await api.save('tipos-area', { code: 'BOD', name: 'Bodega', priority: 3, sectores: [] });
  });

  afterAll(async () => {
    await session?.close();
  });

  it("lists the area types under 'Áreas' in priority order", async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/tipos-area', 'Áreas', 'Departamento');
    await expectRows(page, ['Departamento', 'Estacionamiento', 'Bodega']);
    await screenshot(page, 'catalogues-tipos-area-list');
  });

  it('adds an area type with sub-areas after confirming the batch', async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/tipos-area', 'Áreas', 'Departamento');
    await page.getByRole('button', { name: 'Agregar tipo de área' }).click();
    const dialog = recordDialog(page, 'Tipo de área');
    await dialog.waitFor();
    await expectValidation(dialog.getByRole('textbox', { name: 'Código' }), 'error');
    await dialog.getByRole('textbox', { name: 'Código' }).fill('LOC');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Local comercial');
    await dialog.getByRole('spinbutton', { name: 'Prioridad' }).fill('4');

    await dialog.getByRole('button', { name: 'Agregar subárea' }).click();
    // defaults: quantity 1, priority 1
    await expect.poll(() => dialog.getByRole('spinbutton', { name: 'Cantidad de la fila 1' }).inputValue()).toBe('1');
    await expect.poll(() => dialog.getByRole('spinbutton', { name: 'Prioridad de la fila 1' }).inputValue()).toBe('1');
    await dialog.getByRole('textbox', { name: 'Código de la fila 1' }).fill('SAL');
    await dialog.getByRole('textbox', { name: 'Nombre de la fila 1' }).fill('Sala de ventas');
    await dialog.getByRole('button', { name: 'Agregar subárea' }).click();
    await dialog.getByRole('textbox', { name: 'Código de la fila 2' }).fill('BAN');
    await dialog.getByRole('textbox', { name: 'Nombre de la fila 2' }).fill('Baño');
    await dialog.getByRole('spinbutton', { name: 'Cantidad de la fila 2' }).fill('2');
    await dialog.getByRole('spinbutton', { name: 'Prioridad de la fila 2' }).fill('2');
    await screenshot(page, 'catalogues-tipos-area-modal');

    await dialog.getByRole('button', { name: 'Grabar' }).click();
    const confirm = confirmDialog(page);
    await confirm.getByText('¿Estás seguro de modificar los datos?').waitFor();
    await screenshot(page, 'catalogues-tipos-area-confirm-batch');
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForSuccessToast(page);
    await expectRows(page, ['Departamento', 'Estacionamiento', 'Bodega', 'Local comercial']);

    const stored = await api.findByCode('tipos-area', 'LOC');
    expect(stored).toMatchObject({ name: 'Local comercial', priority: 4 });
    expect(stored?.sectores).toEqual([
      { id: 1, code: 'SAL', name: 'Sala de ventas', quantity: 1, priority: 1 },
      { id: 2, code: 'BAN', name: 'Baño', quantity: 2, priority: 2 },
    ]);
  });

  it('edits the sub-areas as a batch: cancelling the confirmation saves nothing, confirming saves all', async () => {
    const { page } = session;
    const before = await api.findByCode('tipos-area', 'DEP');
    await openCatalogue(page, '/admin/tipos-area', 'Áreas', 'Departamento');
    await rowButton(page, 'Departamento').click();
    const dialog = recordDialog(page, 'Tipo de área');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Nombre de la fila 3' }).inputValue()).toBe('Cocina');

    // edit row 1, delete row 2 (Baño), add a row
    await dialog.getByRole('spinbutton', { name: 'Cantidad de la fila 1' }).fill('3');
    await dialog.getByRole('button', { name: 'Eliminar fila 2' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Nombre de la fila 2' }).inputValue()).toBe('Cocina');
    await dialog.getByRole('button', { name: 'Agregar subárea' }).click();
    await dialog.getByRole('textbox', { name: 'Código de la fila 3' }).fill('LOG');
    await dialog.getByRole('textbox', { name: 'Nombre de la fila 3' }).fill('Logia');
    await dialog.getByRole('spinbutton', { name: 'Prioridad de la fila 3' }).fill('4');
    await dialog.getByText('Hay cambios sin grabar en Subáreas.').waitFor();

    await dialog.getByRole('button', { name: 'Grabar' }).click();
    const confirm = confirmDialog(page);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    // still open with the user's input, and nothing stored
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Nombre de la fila 3' }).inputValue()).toBe('Logia');
    expect(await api.findByCode('tipos-area', 'DEP')).toEqual(before);

    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await api.findByCode('tipos-area', 'DEP'))?.sectores)
      .toEqual([
        { id: 1, code: 'DOR', name: 'Dormitorio', quantity: 3, priority: 1 },
        { id: 3, code: 'COC', name: 'Cocina', quantity: 1, priority: 3 },
        { id: 4, code: 'LOG', name: 'Logia', quantity: 1, priority: 4 },
      ]);

    // the saved batch comes back when the record is opened again
    await rowButton(page, 'Departamento').click();
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('spinbutton', { name: 'Cantidad de la fila 1' }).inputValue()).toBe('3');
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Nombre de la fila 3' }).inputValue()).toBe('Logia');
    await dialog.getByRole('button', { name: 'Cerrar ventana' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('refuses an empty code with the error state and saves nothing', async () => {
    const { page } = session;
    const before = await api.load('tipos-area');
    await openCatalogue(page, '/admin/tipos-area', 'Áreas', 'Departamento');
    await page.getByRole('button', { name: 'Agregar tipo de área' }).click();
    const dialog = recordDialog(page, 'Tipo de área');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Azotea');
    await expectValidation(dialog.getByRole('textbox', { name: 'Código' }), 'error');
    await expectValidation(dialog.getByRole('textbox', { name: 'Nombre' }), 'success');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForErrorToast(page);
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Azotea');
    expect(await api.load('tipos-area')).toEqual(before);
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('searches the list', async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/tipos-area', 'Áreas', 'Departamento');
    await page.getByPlaceholder('Buscar').fill('Bodega');
    await expectRows(page, ['Bodega']);
    await page.getByPlaceholder('Buscar').fill('Piscina');
    await page.getByText('No se encontraron resultados').waitFor();
  });

  it('deletes an area type only after confirmation', async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/tipos-area', 'Áreas', 'Bodega');
    await page.getByRole('button', { name: 'Eliminar Bodega' }).click();
    const confirm = confirmDialog(page);
    await confirm.getByText('Confirma que deseas eliminar este tipo de área').waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await rowButton(page, 'Bodega').waitFor();
    expect(await api.findByCode('tipos-area', 'BOD')).toBeDefined();

    await page.getByRole('button', { name: 'Eliminar Bodega' }).click();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    // the open dialog hides the table from the accessibility tree: wait for the server's answer first
    await confirm.waitFor({ state: 'hidden' });
    await rowButton(page, 'Bodega').waitFor({ state: 'detached' });
    expect(await api.findByCode('tipos-area', 'BOD')).toBeUndefined();
  });

  it('works from the keyboard alone: open, edit and save a record, dismiss a deletion, add a sub-area', async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/tipos-area', 'Áreas', 'Estacionamiento');
    await rowButton(page, 'Estacionamiento').focus();
    await page.keyboard.press('Enter');
    const dialog = recordDialog(page, 'Tipo de área');
    await dialog.waitFor();
    // the code field has the focus; Tab reaches priority, then name
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await page.keyboard.type(' techado');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await rowButton(page, 'Estacionamiento techado').waitFor();
    expect(await api.findByCode('tipos-area', 'EST')).toMatchObject({ name: 'Estacionamiento techado' });

    // the delete icon is a button too; its confirmation starts on 'Cancelar' and Escape dismisses it
    await page.getByRole('button', { name: 'Eliminar Estacionamiento techado' }).focus();
    await page.keyboard.press('Enter');
    const confirm = confirmDialog(page);
    await confirm.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancelar');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await api.findByCode('tipos-area', 'EST')).toBeDefined();

    // a sub-area added and filled from the keyboard
    await rowButton(page, 'Estacionamiento techado').focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Agregar subárea' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('textbox', { name: 'Código de la fila 1' }).focus();
    await page.keyboard.type('E1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Estacionamiento de visitas');
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await api.findByCode('tipos-area', 'EST'))?.sectores)
      .toEqual([{ id: 1, code: 'E1', name: 'Estacionamiento de visitas', quantity: 1, priority: 1 }]);
  });
});
