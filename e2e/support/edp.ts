import type { Locator, Page } from 'playwright-core';
import type { LoadedProject } from './projects';

/** The EDP editor's parts, for the specs that drive it. */

export function toolbarButton(page: Page, name: string): Locator {
  return page.getByRole('toolbar', { name: 'Herramientas del EDP' }).getByRole('button', { name, exact: true });
}

/** The grid row of the item with this code (its Código cell holds the code). */
export function row(page: Page, code: string): Locator {
  return page.locator('tbody tr').filter({ has: page.getByText(code, { exact: true }) });
}

/** Opens the project's EDP and waits for its heading and the grid's first row. */
export async function openEdp(page: Page, project: Pick<LoadedProject, '_id' | 'name'>): Promise<void> {
  await page.goto(`/projects/${project._id}/edp`);
  await page.getByRole('heading', { level: 1, name: project.name }).waitFor();
  await page.locator('tbody tr').first().waitFor();
}
