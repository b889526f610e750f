import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { GanttOutput } from '../support/gantt';
import { ProjectApi, seedAreaTypeProject } from '../support/projects';
import type { LoadedProject } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/**
 * Issue 14: a calendar made in the Gantt ('Calendario': Sunday to Thursday here) is the project's
 * 'Semana laboral' 'Personalizada': the home says so, 'Editar proyecto' shows it as the current
 * option (not one to choose) and sends it back unchanged with the other edits.
 */
describe("a project calendar made in the Gantt, in 'Editar proyecto' and the home", () => {
  let session: SignedInSession;
  let projects: ProjectApi;
  let project: LoadedProject;

  beforeAll(async () => {
    session = await openAsFirstAdmin('calendario');
    projects = await ProjectApi.forSession(session);
    project = await seedAreaTypeProject(session, { torres: 1, year: '2026' });
    const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const gantt = await callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: project._id }, cookie);
    const activities = gantt.activities.map((task) => ({
      TaskID: task.TaskID,
      TaskCode: task.TaskCode,
      TaskName: task.TaskName,
      StartDate: task.StartNoEarlierThan ?? task.StartDate,
      Duration: task.Duration,
      Progress: task.Progress,
      ParentId: task.ParentId ?? null,
      Predecessor: task.Predecessor,
    }));
    await callFunction(
      session.server.url,
      'saveGantt',
      {
        id: project._id,
        gantt: { activities, calendar: { workingWeekdays: [0, 1, 2, 3, 4], chileHolidays: true, exceptions: [] } },
        version: gantt.version,
      },
      cookie,
    );
  });

  afterAll(async () => {
    await session?.close();
  });

  it("shows 'Personalizada' and keeps it through a save of other fields", async () => {
    const { page } = session;
    expect((await projects.load(project._id)).workWeek).toBe('custom');
    await page.goto(`/projects/${project._id}`);
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();
    const workWeek = page.locator('dt', { hasText: 'Semana laboral' }).locator('xpath=following-sibling::dd[1]');
    expect(await workWeek.innerText()).toBe('Personalizada');

    await page.getByRole('button', { name: 'Editar proyecto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar proyecto' });
    await dialog.waitFor();
    const select = dialog.getByRole('combobox', { name: 'Semana laboral' });
    expect(await select.innerText()).toBe('Personalizada');
    await dialog.getByText('El calendario se edita en el Gantt (Calendario)').waitFor();
    await select.click();
    const custom = page.getByRole('option', { name: 'Personalizada' });
    expect(await custom.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'projects-custom-calendar-edit');
    await page.keyboard.press('Escape');
    await custom.waitFor({ state: 'hidden' });

    await dialog.getByRole('spinbutton', { name: 'Año previsto de cierre' }).fill('2030');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForSuccessToast(page, /actualizado/);
    const stored = await projects.load(project._id);
    expect(stored).toMatchObject({ endYear: '2030', workWeek: 'custom' });
    expect(await workWeek.innerText()).toBe('Personalizada');
  });
});
