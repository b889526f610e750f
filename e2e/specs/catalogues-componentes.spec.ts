import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import type { CatalogueRecord } from '../support/catalogues';
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

describe('Componentes', () => {
  let session: SignedInSession;
  let api: CatalogueApi;
  let activities: CatalogueRecord[];

  beforeAll(async () => {
    session = await openAsFirstAdmin('componentes');
    api = await CatalogueApi.forSession(session);
    for (const [index, name] of ['Excavación', 'Moldaje', 'Hormigonado', 'Impermeabilización'].entries()) {
      await api.save('actividades', { code: `ACT-${index + 1}`, name, priority: index + 1 });
    }
    activities = await api.load('actividades');
    await api.save('componentes', {
      code: 'FUN',
      name: 'Fundaciones',
      priority: 1,
      subcomponents: [
        { id: 1, code: 'FUN-1', name: 'Zapatas', priority: 1, actividades: [{ _id: activities[0]?._id }] },
        { id: 5, code: 'FUN-2', name: 'Vigas de fundación', priority: 3, actividades: [] },
      ],
    });
    await api.save('componentes', { code: 'TAB', name: 'Tabiquería', priority: 2, subcomponents: [] });
    await api.save('componentes', { code: 'CUB', name: 'Cubierta', priority: 3, subcomponents: [] });
  });

  afterAll(async () => {
    await session?.close();
  });

  it("lists the main components under 'Componentes principales'", async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/componentes', 'Componentes principales', 'Fundaciones');
    await expectRows(page, ['Fundaciones', 'Tabiquería', 'Cubierta']);
    await screenshot(page, 'catalogues-componentes-list');
  });

  it('gives a new basic component the highest id + 1 and the highest priority + 1, and keeps its ticked activities after a reload', async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/componentes', 'Componentes principales', 'Fundaciones');
    await rowButton(page, 'Fundaciones').click();
    const dialog = recordDialog(page, 'Componente Principal');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Identificación' }).inputValue()).toBe('FUN');

    await dialog.getByRole('button', { name: 'Agregar componente básico' }).click();
    const newRow = dialog.getByRole('row').filter({ has: page.getByRole('textbox', { name: 'Código de la fila 3' }) });
    await expect.poll(() => newRow.getByRole('cell').nth(1).innerText()).toBe('6');
    await expect.poll(() => dialog.getByRole('spinbutton', { name: 'Prioridad de la fila 3' }).inputValue()).toBe('4');
    await dialog.getByRole('textbox', { name: 'Código de la fila 3' }).fill('FUN-3');
    await dialog.getByRole('textbox', { name: 'Nombre de la fila 3' }).fill('Losa de fundación');

    // the new row is selected: its activities, all of the catalogue, none ticked
    const checklist = dialog.getByRole('group', { name: 'Losa de fundación - Actividades' });
    await checklist.waitFor();
    await expect.poll(() => checklist.getByRole('checkbox').count()).toBe(4);
    await checklist.getByRole('checkbox', { name: /Moldaje/ }).check();
    await checklist.getByRole('checkbox', { name: /Hormigonado/ }).check();

    // selecting another row shows its own ticks
    await dialog.getByRole('radio', { name: 'Ver actividades de la fila 1' }).check();
    const zapatas = dialog.getByRole('group', { name: 'Zapatas - Actividades' });
    await zapatas.waitFor();
    await expect.poll(() => zapatas.getByRole('checkbox', { name: /Excavación/ }).isChecked()).toBe(true);
    await zapatas.getByRole('checkbox', { name: /Impermeabilización/ }).check();
    await screenshot(page, 'catalogues-componentes-modal');

    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForSuccessToast(page);

    await page.reload();
    await rowButton(page, 'Fundaciones').click();
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Ver actividades de la fila 3' }).check();
    const reloaded = dialog.getByRole('group', { name: 'Losa de fundación - Actividades' });
    await reloaded.waitFor();
    await expect
      .poll(async () => {
        const ticked: string[] = [];
        for (const box of await reloaded.getByRole('checkbox').all()) {
          if (await box.isChecked()) ticked.push((await box.locator('xpath=ancestor::label').innerText()).trim());
        }
        return ticked;
      })
      // each label ends with the activity's duration (issue 13; seeded without one: 5 days)
      .toEqual(['ACT-2 · Moldaje · 5 d', 'ACT-3 · Hormigonado · 5 d']);
    await dialog.getByRole('radio', { name: 'Ver actividades de la fila 1' }).check();
    await expect
      .poll(() =>
        dialog
          .getByRole('group', { name: 'Zapatas - Actividades' })
          .getByRole('checkbox', { name: /Impermeabilización/ })
          .isChecked(),
      )
      .toBe(true);
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();

    const stored = await api.findByCode('componentes', 'FUN');
    expect(
      stored?.subcomponents?.map((sub) => [sub.id, sub.code, sub.priority, sub.actividades.map((a) => a.name)]),
    ).toEqual([
      [1, 'FUN-1', 1, ['Excavación', 'Impermeabilización']],
      [5, 'FUN-2', 3, []],
      [6, 'FUN-3', 4, ['Moldaje', 'Hormigonado']],
    ]);
  });

  it('adds a main component from the add button', async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/componentes', 'Componentes principales', 'Fundaciones');
    await page.getByRole('button', { name: 'Agregar componente' }).click();
    const dialog = recordDialog(page, 'Componente Principal');
    await dialog.waitFor();
    await expectValidation(dialog.getByRole('textbox', { name: 'Identificación' }), 'error');
    await dialog.getByRole('textbox', { name: 'Identificación' }).fill('ESC');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Escaleras');
    await dialog.getByRole('spinbutton', { name: 'Prioridad' }).fill('4');
    await dialog.getByRole('button', { name: 'Agregar componente básico' }).click();
    await dialog.getByRole('textbox', { name: 'Código de la fila 1' }).fill('ESC-1');
    await dialog.getByRole('textbox', { name: 'Nombre de la fila 1' }).fill('Peldaños');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectRows(page, ['Fundaciones', 'Tabiquería', 'Cubierta', 'Escaleras']);
    const stored = await api.findByCode('componentes', 'ESC');
    expect(stored?.subcomponents).toMatchObject([
      { id: 1, code: 'ESC-1', name: 'Peldaños', priority: 1, actividades: [] },
    ]);
  });

  it('refuses an empty identification with the error state and saves nothing', async () => {
    const { page } = session;
    const before = await api.load('componentes');
    await openCatalogue(page, '/admin/componentes', 'Componentes principales', 'Fundaciones');
    await rowButton(page, 'Tabiquería').click();
    const dialog = recordDialog(page, 'Componente Principal');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Identificación' }).fill('');
    await expectValidation(dialog.getByRole('textbox', { name: 'Identificación' }), 'error');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForErrorToast(page);
    await dialog.waitFor();
    expect(await api.load('componentes')).toEqual(before);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('searches the list', async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/componentes', 'Componentes principales', 'Fundaciones');
    await page.getByPlaceholder('Buscar').fill('Cubierta');
    await expectRows(page, ['Cubierta']);
    await page.getByPlaceholder('Buscar').fill('Ascensor');
    await page.getByText('No se encontraron resultados').waitFor();
  });

  it('deletes a main component only after confirmation', async () => {
    const { page } = session;
    await openCatalogue(page, '/admin/componentes', 'Componentes principales', 'Cubierta');
    await page.getByRole('button', { name: 'Eliminar Cubierta' }).click();
    const confirm = confirmDialog(page);
    await confirm.getByText('Confirma que deseas eliminar este componente').waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await api.findByCode('componentes', 'CUB')).toBeDefined();
    await rowButton(page, 'Cubierta').waitFor();

    await page.getByRole('button', { name: 'Eliminar Cubierta' }).click();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    // the open dialog hides the table from the accessibility tree, so the row reads as gone while
    // the delete is still on its way: the dialog closes when the server has answered
    await confirm.waitFor({ state: 'hidden' });
    await rowButton(page, 'Cubierta').waitFor({ state: 'detached' });
    expect(await api.findByCode('componentes', 'CUB')).toBeUndefined();
  });
});
