import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../support/api';
import { addMemberApi, createUserApi, signInContext, uniqueAccount } from '../support/api';
import { newContext, screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { SeededGantt } from '../support/gantt';
import { dragBar, openGanttPage, startOf, toolbarButton, unsavedChip } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';
import { seedGanttProject } from '../support/gantt';

/*
 * Issue 19, working together, with two people in two browser contexts: A (the first administrator,
 * who created the project) and B (a planner). The seeded Gantt (see gantt.spec.ts): 5 ACT1 Excavar,
 * 6 ACT2 Hormigonar, 7 ACT3 Descimbrar, every leaf 02-01-2026 … 08-01-2026; a drag of 84 px moves a
 * bar one week.
 */
const ACT1 = 5;
const ACT2 = 6;

function banner(page: Page): Locator {
  return page.getByTestId('live-change-banner');
}

function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Notificaciones/ });
}

describe('working together: the live banner, the bell and the history (two users)', () => {
  let session: SignedInSession;
  let seed: SeededGantt;
  let planner: Account;
  let plannerContext: BrowserContext;
  let a: Page;
  let b: Page;

  beforeAll(async () => {
    session = await openAsFirstAdmin('colab');
    seed = await seedGanttProject(session, ['ELA.1']);
    planner = uniqueAccount('carla');
    const created = await createUserApi(session.server.url, seed.cookie, planner);
    // issue 36: B works on A's project as one of its Planificadores
    await addMemberApi(session.server.url, seed.cookie, seed.project._id, created.user.id);
    plannerContext = await newContext(session.browser, session.server.url);
    await signInContext(plannerContext, session.server.url, planner.email, planner.password);
    a = session.page;
    b = await plannerContext.newPage();
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it("A has the Gantt open with an edit of their own; B saves it; A sees B's name before trying to save, and keeps the edit", async () => {
    await openGanttPage(a, seed.project, ACT1);
    await expect(bell(a).getAttribute('aria-label')).resolves.toBe('Notificaciones');
    // A moves ACT2 a week and does not save
    await dragBar(a, ACT2, 84);
    await expect.poll(() => startOf(a, ACT2)).toBe('09-01-2026');
    await unsavedChip(a).waitFor();

    // B moves ACT1 a week and saves
    await openGanttPage(b, seed.project, ACT1);
    await dragBar(b, ACT1, 84);
    await expect.poll(() => startOf(b, ACT1)).toBe('09-01-2026');
    await toolbarButton(b, 'Grabar Gantt').click();
    await confirmDialog(b).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(b, /Gantt grabado/);
    // B's own save raises no banner on B's screen
    expect(await banner(b).count()).toBe(0);

    // A, who has not tried to save, is told who saved what, and that their edit is still there
    await banner(a).waitFor();
    const text = await banner(a).innerText();
    expect(text).toContain(`${planner.name} grabó el Gantt hace unos segundos`);
    expect(text).toContain('Tienes cambios sin grabar: el Gantt');
    await screenshot(a, 'collaboration-banner');

    // 'Recargar': B's save on screen, A's edit offered back as a draft on top of it
    await banner(a).getByRole('button', { name: 'Recargar' }).click();
    await banner(a).waitFor({ state: 'detached' });
    await expect.poll(() => startOf(a, ACT1)).toBe('09-01-2026');
    expect(await startOf(a, ACT2)).toBe('02-01-2026');
    const recovery = a.getByTestId('draft-recovery');
    await recovery.getByText('Recuperar cambios sin grabar').waitFor();
    expect(await recovery.innerText()).toContain('otra persona grabó después');
    await screenshot(a, 'collaboration-after-reload');
  }, 120_000);

  it("A's bell count rises; opening the notification marks it read and shows B's change in detail", async () => {
    await expect.poll(() => bell(a).getAttribute('aria-label')).toBe('Notificaciones: 1 sin leer');
    await bell(a).click();
    const item = a.getByRole('menuitem').filter({ hasText: `${planner.name} grabó el Gantt` });
    await item.waitFor();
    expect(await item.innerText()).toContain('Sin leer');
    await screenshot(a, 'collaboration-bell');
    await item.click();

    await a.waitForURL(`**/projects/${seed.project._id}?historial=*`);
    const dialog = a.getByRole('dialog', { name: 'Detalle del cambio' });
    await dialog.getByRole('region', { name: 'Tareas' }).waitFor();
    const detail = await dialog.innerText();
    expect(detail).toContain(`por ${planner.name}`);
    expect(detail).toContain('Excavar');
    expect(detail).toMatch(/Inicio: 02-01-2026 → 09-01-2026/);
    await screenshot(a, 'collaboration-history-detail');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => bell(a).getAttribute('aria-label')).toBe('Notificaciones');
  }, 60_000);

  it("the history timeline lists B's save on the project home and at /pages/projects/timeline", async () => {
    const onHome = a.getByRole('list', { name: 'Historial' }).getByRole('listitem').first();
    await onHome.waitFor();
    expect(await onHome.innerText()).toContain(planner.name);
    expect(await onHome.innerText()).toMatch(/Gantt/);
    await screenshot(a, 'collaboration-project-home');

    await a.goto('/pages/projects/timeline');
    const first = a.getByRole('list', { name: 'Historial' }).getByRole('listitem').first();
    await first.waitFor();
    expect(await first.innerText()).toContain(planner.name);
    await first.getByRole('button').click();
    const dialog = a.getByRole('dialog', { name: 'Detalle del cambio' });
    expect(await dialog.getByRole('region', { name: 'Tareas' }).innerText()).toContain('Excavar');
    await screenshot(a, 'collaboration-timeline');
  }, 60_000);
});
