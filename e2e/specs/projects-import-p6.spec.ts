import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { screenshot } from '../support/browser';
import { expectValidation } from '../support/catalogues';
import { gridCodes } from '../support/gantt';
import { openImport, p6FilePath, previewPairs } from '../support/mspdi';
import { ProjectApi } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

type DryRun = {
  preview: { projectName: string; taskCount: number; linkCount: number; projectId?: string };
  warnings: string[];
};

/**
 * 'Importar programa (MS Project o Primavera P6)' with a real P6 export (issue 34): the
 * jaggelas-test.xer of the shared corpus (P6 23.12, two projects, Windows-1252), picked in
 * Chromium; the preview lists the file's projects and its code page, and the project made from it
 * opens on its Gantt with P6's WBS codes and Activity IDs.
 */
describe("'Importar programa' with a Primavera P6 XER", () => {
  let session: SignedInSession;
  let projects: ProjectApi;
  let cookie: string;

  beforeAll(async () => {
    session = await openAsFirstAdmin('p6');
    projects = await ProjectApi.forSession(session);
    cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
  });

  afterAll(async () => {
    await session?.close();
  });

  it("previews the file's projects and code page, imports the chosen one and opens its Gantt with P6's codes", async () => {
    const { page } = session;
    const file = p6FilePath('jaggelas-test.xer');
    const content = readFileSync(file).toString('base64');
    const dry = await callFunction<DryRun>(
      session.server.url,
      'importProject',
      { format: 'xer', fileName: 'jaggelas-test.xer', content, dryRun: true },
      cookie,
    );

    const dialog = await openImport(page);
    await dialog.getByLabel('Archivo de MS Project (.xml) o de Primavera P6 (.xer o .xml)').setInputFiles(file);
    const pairs = await previewPairs(dialog);
    expect(pairs).toMatchObject({
      Tareas: dry.preview.taskCount.toLocaleString('es-CL'),
      Vínculos: dry.preview.linkCount.toLocaleString('es-CL'),
    });
    // the exported project of the two, the other marked external; the code page P6 did not state
    const project = dialog.getByRole('combobox', { name: 'Proyecto del archivo' });
    expect(await project.innerText()).toBe('10001 · Post LOS Schedule (692 actividades)');
    await dialog.getByText('El archivo tiene 2 proyectos: elige cuál importar.').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Codificación del texto' }).innerText()).toBe(
      'Windows-1252 (Europa occidental)',
    );
    await project.click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toEqual([
      expect.stringMatching(/^935 · .+ \(3 actividades; externo\)$/),
      '10001 · Post LOS Schedule (692 actividades)',
    ]);
    await page.getByRole('option', { name: '10001 · Post LOS Schedule (692 actividades)' }).click();
    // every warning the server gives is listed (the links to project 935 among them)
    const warnings = dialog.getByRole('list', { name: 'Avisos de la importación' });
    expect(await warnings.getByRole('listitem').allInnerTexts()).toEqual(dry.warnings);
    expect(
      dry.warnings.some((warning) => warning.startsWith('Se omitieron los vínculos con actividades de otros')),
    ).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Post LOS Schedule');
    const code = dialog.getByRole('textbox', { name: 'Código' });
    await code.fill('P6JAG');
    await expectValidation(code, 'success');
    await screenshot(page, 'projects-import-p6-preview');
    await dialog.getByRole('button', { name: 'Crear proyecto' }).click();

    await page.waitForURL(/\/projects\/[^/]+\/gantt$/);
    const created = await projects.findByCode('P6JAG');
    expect(created?.name).toBe('Post LOS Schedule');
    await page.getByRole('heading', { level: 1, name: 'Post LOS Schedule :: Gantt', exact: true }).waitFor();
    await page.locator('.wx-row').first().waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    // the EDP root, then P6's WBS codes (short names joined by dots) as the grid's codes
    const codes = await gridCodes(page);
    expect(codes[0]).toBe('P6JAG');
    expect(codes.slice(1).every((shown) => /^[^\s]+$/.test(shown))).toBe(true);
    expect(codes).toContain('1');
    await screenshot(page, 'projects-import-p6-gantt');
  });

  it("imports P6's XML export picked as .xml: the project chosen among its four, with its 13 activities", async () => {
    const { page } = session;
    const dialog = await openImport(page);
    await dialog
      .getByLabel('Archivo de MS Project (.xml) o de Primavera P6 (.xer o .xml)')
      .setInputFiles(p6FilePath('aspose-PrimaveraProject.xml'));
    await previewPairs(dialog);
    const project = dialog.getByRole('combobox', { name: 'Proyecto del archivo' });
    expect(await project.innerText()).toBe('PROD00883 · Plasma Product Launch (13 actividades)');
    // a P6 XML is UTF-8: nothing to choose about its text
    expect(await dialog.getByRole('combobox', { name: 'Codificación del texto' }).count()).toBe(0);
    await project.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      'PROD00266 · PROD00266 (1 actividad; externo)',
      'PROD00228 · PROD00228 (1 actividad; externo)',
      'PROD00883 · Plasma Product Launch (13 actividades)',
      'PROD00499 · Hemaform Program (13 actividades)',
    ]);
    await page.getByRole('option', { name: 'PROD00499 · Hemaform Program (13 actividades)' }).click();
    await expect
      .poll(async () => dialog.getByRole('textbox', { name: 'Nombre' }).inputValue())
      .toBe('Hemaform Program');
    const code = dialog.getByRole('textbox', { name: 'Código' });
    await code.fill('P6HEM');
    await expectValidation(code, 'success');
    await dialog.getByRole('button', { name: 'Crear proyecto' }).click();
    await page.waitForURL(/\/projects\/[^/]+\/gantt$/);
    await page.getByRole('heading', { level: 1, name: 'Hemaform Program :: Gantt', exact: true }).waitFor();
    await page.locator('.wx-row').first().waitFor();
    const created = await projects.findByCode('P6HEM');
    expect(created?.name).toBe('Hemaform Program');
    const gantt = await callFunction<{ activities: { isSummary: boolean }[] }>(
      session.server.url,
      'loadGantt',
      { id: created?._id },
      cookie,
    );
    expect(gantt.activities.filter((task) => !task.isSummary)).toHaveLength(13);
  });

  it('the P6 preview fits a phone in the dark theme, and a 1024 px screen in the light one', async () => {
    const { page } = session;
    for (const [width, height, isDark] of [
      [390, 844, true],
      [1024, 768, false],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/projects');
      await page.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
      await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
      const toggle = page.getByLabel('Fondo claro / Fondo Oscuro');
      if (isDark) await toggle.check();
      else await toggle.uncheck();
      await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
      await page.keyboard.press('Escape');
      const dialog = await openImport(page);
      await dialog
        .getByLabel('Archivo de MS Project (.xml) o de Primavera P6 (.xer o .xml)')
        .setInputFiles(p6FilePath('jaggelas-test.xer'));
      await previewPairs(dialog);
      const project = dialog.getByRole('combobox', { name: 'Proyecto del archivo' });
      await project.waitFor();
      // both choices inside the dialog, nothing wider than the screen
      const box = await project.boundingBox();
      const encoding = await dialog.getByRole('combobox', { name: 'Codificación del texto' }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(encoding && encoding.x >= 0 && encoding.x + encoding.width <= width).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `projects-import-p6-preview-${width}-${isDark ? 'dark' : 'light'}`);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
