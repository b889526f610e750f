import type { Locator, Page } from 'playwright-core';
import type { LoadedProject } from './projects';

/** The EDC screen's parts, for the specs that drive it. */

type ProjectHeading = Pick<LoadedProject, '_id' | 'name'>;

/** The page's heading: '{project} :: {selected item's code}', or 'sin ítem seleccionado'. */
export function heading(page: Page, project: ProjectHeading, code: string | null): Locator {
  return page.getByRole('heading', {
    level: 1,
    name: `${project.name} :: ${code ?? 'sin ítem seleccionado'}`,
    exact: true,
  });
}

/** The EDP tree the items are selected in. */
export function tree(page: Page): Locator {
  return page.getByRole('tree', { name: 'EDP' });
}

/** The tree item whose label is `label` ('ELA.1 Torre 1'). */
export function treeItem(page: Page, label: string): Locator {
  return tree(page)
    .getByRole('treeitem')
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();
}

/** The grid of the selected item's EDC. */
export function gridTable(page: Page): Locator {
  return page.getByRole('table', { name: 'EDC del ítem seleccionado' });
}

/** The codes of the grid's rows, top to bottom. */
export function gridCodes(page: Page): Promise<(string | null)[]> {
  return gridTable(page)
    .locator('tbody tr[data-edc-code]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-edc-code')));
}

/**
 * Opens the screen and waits until it is ready: it reselects the item remembered for the project
 * (issue 12), `expectedCode`, or none (null) on a first visit; the systems are drawn and the global
 * spinner is gone.
 */
export async function openEdc(page: Page, project: ProjectHeading, expectedCode: string | null): Promise<void> {
  await page.goto(`/projects/${project._id}/edc`);
  await heading(page, project, expectedCode).waitFor();
  await page.getByRole('group', { name: 'Sistema ELE Eléctrico', exact: true }).waitFor();
  await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
}

/** Selects the tree item labelled `label` and waits until the screen shows item `code`. */
export async function selectTreeItem(page: Page, project: ProjectHeading, label: string, code: string): Promise<void> {
  await tree(page).getByText(label, { exact: true }).click();
  await heading(page, project, code).waitFor();
  await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
}
