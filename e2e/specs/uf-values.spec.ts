import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/** The year it is in Santiago: the screen opens on it. */
const YEAR = Number(
  new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', year: 'numeric' }).format(new Date()),
);

/** The Central Bank's series as its site exports it: titles, ';', dd.mm.aaaa, Chilean numbers. */
const BCCH_CSV = [
  '"Unidad de fomento (UF)";""',
  '"Periodo";"Unidad de fomento (UF)"',
  `"01.03.${YEAR}";"39.101,11"`,
  `"02.03.${YEAR}";"39.102,22"`,
  `"03.03.${YEAR}";"39.103,33"`,
  '',
].join('\r\n');

/** The SII's yearly table as a CSV, its year in the file's name: days down, months across. */
function siiCsv(): string {
  const lines = ['Día;Ene;Feb;Mar;Abr;May;Jun;Jul;Ago;Sep;Oct;Nov;Dic'];
  for (let day = 1; day <= 3; day += 1) lines.push(`${day};;;;39.20${day},50;;;;;;;;`);
  return lines.join('\n');
}

async function toggleDarkMode(page: Page, isDark: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
  const toggle = page.getByLabel('Fondo claro / Fondo Oscuro');
  if (isDark) await toggle.check();
  else await toggle.uncheck();
  await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  await page.keyboard.press('Escape');
}

function row(page: Page, iso: string) {
  return page.getByTestId(`uf-row-${iso}`);
}

async function importCsv(page: Page, name: string, text: string) {
  await page.getByRole('button', { name: 'Importar archivo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar valores UF' });
  await dialog
    .getByLabel('Archivo de valores UF')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await dialog.getByTestId('uf-import-preview').waitFor();
  return dialog;
}

describe('Valores UF', () => {
  let session: SignedInSession;

  beforeAll(async () => {
    session = await openAsFirstAdmin('valores-uf');
  });

  afterAll(async () => {
    await session?.close();
  });

  it('opens from the sidebar on an empty table that says where the files come from', async () => {
    const { page } = session;
    await page.goto('/home');
    await page.getByRole('link', { name: 'Valores UF' }).click();
    await page.waitForURL('**/admin/valores-uf');
    const empty = page.getByTestId('uf-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toContain('Banco Central de Chile');
    expect(await empty.innerText()).toContain('SII');
    await screenshot(page, 'uf-values-empty');
  });

  it('adds a value by hand with the date picker and a Chilean amount', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Agregar valor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar valor UF' });
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await dialog.getByText('Fecha: es obligatoria').waitFor();
    await dialog.getByText('Valor: es obligatorio').waitFor();
    const date = dialog.getByTestId('uf-date-input');
    await date.click();
    await date.pressSequentially(`1501${YEAR}`);
    expect(await date.inputValue()).toBe(`15-01-${YEAR}`);
    await dialog.getByRole('textbox', { name: /Valor/ }).fill('39.015,5');
    await dialog.getByRole('button', { name: /^Elige fecha/ }).click();
    await page.getByRole('dialog').getByRole('gridcell', { name: '15' }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'uf-values-add');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const added = row(page, `${YEAR}-01-15`);
    await added.waitFor();
    expect(await added.innerText()).toContain(`15-01-${YEAR}`);
    expect(await added.innerText()).toContain('$39.015,50');
  });

  it("imports the Central Bank's CSV after its preview", async () => {
    const { page } = session;
    const dialog = await importCsv(page, 'uf-bcch.csv', BCCH_CSV);
    expect(await dialog.getByTestId('uf-import-added').innerText()).toBe('3');
    expect(await dialog.getByTestId('uf-import-changed').innerText()).toBe('0');
    expect(await dialog.getByTestId('uf-import-range').innerText()).toBe(
      `3 valores UF, del 01-03-${YEAR} al 03-03-${YEAR}`,
    );
    await screenshot(page, 'uf-values-import-preview');
    await dialog.getByRole('button', { name: 'Importar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, `${YEAR}-03-02`).waitFor();
    expect(await row(page, `${YEAR}-03-02`).innerText()).toContain('$39.102,22');
  });

  it("shows a file's row errors and imports nothing from it", async () => {
    const { page } = session;
    const dialog = await importCsv(page, 'malo.csv', `Fecha;Valor\n10-03-${YEAR};39.110,00\n31-02-${YEAR};1\n`);
    const errors = dialog.getByTestId('uf-import-errors');
    expect(await errors.innerText()).toContain(`Fila 3: la fecha «31-02-${YEAR}» no es válida`);
    expect(await dialog.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
    await screenshot(page, 'uf-values-import-errors');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row(page, `${YEAR}-03-10`).count()).toBe(0);
  });

  it("imports the SII's yearly table, its year from the file's name", async () => {
    const { page } = session;
    const dialog = await importCsv(page, `uf${YEAR}.csv`, siiCsv());
    expect(await dialog.getByTestId('uf-import-added').innerText()).toBe('3');
    await dialog.getByRole('button', { name: 'Importar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, `${YEAR}-04-03`).waitFor();
    expect(await row(page, `${YEAR}-04-01`).innerText()).toContain('$39.201,50');
    expect(await page.getByTestId(/^uf-row-/).count()).toBe(7);
  });

  it('edits a value in place', async () => {
    const { page } = session;
    await page.getByRole('button', { name: `Editar el valor del 03-03-${YEAR}` }).click();
    const field = page.getByRole('textbox', { name: `Valor del 03-03-${YEAR}` });
    await field.fill('39.103,4');
    await field.press('Enter');
    await field.waitFor({ state: 'hidden' });
    expect(await row(page, `${YEAR}-03-03`).innerText()).toContain('$39.103,40');
  });

  it('deletes one value after a confirmation that counts it, and looks right light and dark', async () => {
    const { page } = session;
    await page.getByRole('checkbox', { name: `Seleccionar el 02-03-${YEAR}` }).check();
    await page.getByRole('button', { name: 'Eliminar (1)' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain('Se eliminará 1 valor UF');
    expect(await confirm.innerText()).toContain(`02-03-${YEAR}`);
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row(page, `${YEAR}-03-02`).waitFor({ state: 'detached' });
    expect(await page.getByTestId(/^uf-row-/).count()).toBe(6);
    // the values survive a reload: they are the server's
    await page.reload();
    await row(page, `${YEAR}-01-15`).waitFor();
    expect(await page.getByTestId(/^uf-row-/).count()).toBe(6);
    await screenshot(page, 'uf-values-light');
    await toggleDarkMode(page, true);
    await screenshot(page, 'uf-values-dark');
    await page.getByRole('button', { name: 'Importar archivo' }).click();
    await page
      .getByRole('dialog', { name: 'Importar valores UF' })
      .getByText('Arrastra aquí el archivo CSV o Excel')
      .waitFor();
    // the dialog fades in: its screenshot once the transition is over
    await page.waitForTimeout(400);
    await screenshot(page, 'uf-values-import-dark');
    await page.keyboard.press('Escape');
    await toggleDarkMode(page, false);
  });
});
