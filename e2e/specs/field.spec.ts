import { addDays, weekOf } from '@cimiento/domain/last-planner';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../support/api';
import { callFunction, createUserApi, signInApi, signInContext, uniqueAccount } from '../support/api';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { ONE_PIXEL_PNG } from '../support/fixtures';
import { todayOn, REAL_CLOCK } from '../support/clock';
import type { GanttOutput } from '../support/gantt';
import { ProjectApi, edpItemId, saveTorreAreaType } from '../support/projects';
import type { LoadedProject } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 36, 'Terreno' on a phone (390 × 844, touch): Pedro, the project's Terreno, opens the field
 * screen once online (the app installs its service worker), loses the connection, opens it again
 * from the phone's copy, records three tasks' progress and a photo, and finds them saved when the
 * connection returns. Then, offline again, he records a task that the Planificador changes on the
 * server meanwhile: back online the screen shows both values, and 'Grabar el mío' saves his.
 * The tasks start on today's week's Monday (the project spans last year to next), so any day works.
 */

describe('Terreno: progress and photos from a phone, offline', () => {
  let session: SignedInSession;
  let adminCookie: string;
  let project: LoadedProject;
  let pedro: Account & { id: string };
  let phone: BrowserContext;
  let page: Page;
  const today = todayOn(REAL_CLOCK);

  const api = <T>(name: string, data: unknown) => callFunction<T>(session.server.url, name, data, adminCookie);
  const gantt = () => api<GanttOutput>('loadGantt', { id: project._id });
  const progressOf = async (code: string) =>
    (await gantt()).activities.filter((task) => task.TaskCode === code).map((task) => task.Progress);
  const card = (name: string) => page.getByTestId('field-task').filter({ hasText: name });

  async function record(name: string, percent: string) {
    const task = card(name).first();
    await task.getByRole('textbox', { name: 'Avance (%)' }).fill(percent);
    await task.getByRole('button', { name: 'Registrar' }).click();
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('terreno');
    adminCookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const account = { ...uniqueAccount('pedro'), name: 'Pedro Terreno' };
    const created = await createUserApi(session.server.url, adminCookie, account);
    pedro = { ...account, id: created.user.id };
    const year = Number(today.slice(0, 4));
    const areaType = await saveTorreAreaType(session, 1);
    const saved = await (
      await ProjectApi.forSession(session)
    ).save({
      name: 'Edificio Los Aromos',
      code: 'ELA',
      currency: 'CLP',
      budget: '1000000',
      startYear: String(year - 1),
      endYear: String(year + 1),
      tiposArea: [{ ...areaType, quantity: 1 }],
    });
    project = await (await ProjectApi.forSession(session)).load(saved._id);
    await api('saveEdc', {
      id: project._id,
      edc: {
        id: edpItemId(project, 'ELA.1.1'),
        version: 0,
        componentesEdc: [
          { code: 'M', name: 'Obra gruesa', parentCode: 'ELA.1.1', kind: 'main' },
          { code: 'M.1', name: 'Losa', parentCode: 'M', kind: 'sub' },
          { code: 'ACT1', name: 'Moldaje', parentCode: 'M.1', kind: 'activity' },
          { code: 'ACT2', name: 'Enfierradura', parentCode: 'M.1', kind: 'activity' },
          { code: 'ACT3', name: 'Hormigonado', parentCode: 'M.1', kind: 'activity' },
          { code: 'ACT4', name: 'Descimbre', parentCode: 'M.1', kind: 'activity' },
        ],
      },
    });
    // every leaf starts on this week's Monday
    const loaded = await gantt();
    const monday = weekOf(today);
    await api('saveGantt', {
      id: project._id,
      version: loaded.version,
      gantt: {
        activities: loaded.activities.map((task) => ({
          TaskID: task.TaskID,
          TaskCode: task.TaskCode,
          TaskName: task.TaskName,
          StartDate: task.isSummary ? (task.StartNoEarlierThan ?? task.StartDate) : monday,
          Duration: task.Duration,
          Progress: task.Progress,
          ParentId: task.ParentId ?? null,
          Predecessor: '',
        })),
      },
    });
    await api('saveMember', { id: project._id, member: { userId: pedro.id, role: 'terreno' } });

    phone = await session.browser.newContext({
      baseURL: session.server.url,
      locale: 'es-CL',
      timezoneId: 'America/Santiago',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
    });
    phone.setDefaultTimeout(20_000);
    await signInContext(phone, session.server.url, pedro.email, pedro.password);
    page = await phone.newPage();
  }, 180_000);

  afterAll(async () => {
    await phone?.close();
    await session?.close();
  });

  it('opens online: the week’s tasks with their whole identity, the app kept for offline use', async () => {
    await page.goto(`/projects/${project._id}/terreno`);
    await page.getByRole('heading', { level: 1, name: 'Terreno' }).waitFor();
    await expect.poll(() => page.getByTestId('field-task').count()).toBe(4);
    expect(await page.getByTestId('field-week').innerText()).toContain(
      `${weekOf(today).split('-').reverse().join('-')}`,
    );
    // tower › floor › … then code and name, on the card itself
    const first = await card('Moldaje').innerText();
    expect(first).toContain('Torre › Piso › Obra gruesa › Losa');
    expect(first).not.toContain('Edificio Los Aromos ›');
    expect(first).toContain('Moldaje');
    // the service worker has the app: what a reload offline needs
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? 'none'), {
        timeout: 30_000,
      })
      .toBe('activated');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const violations = await axeViolations(page, 'main');
    expect(describeViolations('terreno (390 px)', violations)).toEqual([]);
    await screenshot(page, 'terreno-390-online');
  });

  it('offline: opens from the phone’s copy, records three tasks and a photo, and sends them when the connection returns', async () => {
    await phone.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Terreno' }).waitFor();
    await page.getByText('Sin conexión: se muestra la copia de esta semana guardada en el teléfono').waitFor();
    await expect.poll(() => page.getByTestId('field-task').count()).toBe(4);
    expect(await page.getByTestId('field-connection').innerText()).toBe('Sin conexión');

    await record('Moldaje', '30');
    await record('Enfierradura', '50,5');
    await record('Hormigonado', '100');
    await card('Moldaje')
      .getByTestId('field-photo-input')
      .setInputFiles({ name: 'losa.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect.poll(() => page.getByTestId('field-queue').innerText()).toBe('4 registros en cola en este teléfono');
    await card('Moldaje').getByTestId('field-photo-queued').waitFor();
    await screenshot(page, 'terreno-390-offline');
    // nothing reached the server
    expect(await progressOf('ACT1')).toEqual([0]);

    await phone.setOffline(false);
    await expect.poll(() => page.getByTestId('field-queue').innerText(), { timeout: 30_000 }).toBe('Todo enviado');
    expect(await progressOf('ACT1')).toEqual([30]);
    expect(await progressOf('ACT2')).toEqual([50.5]);
    expect(await progressOf('ACT3')).toEqual([100]);
    const photos = await api<{ photos: { taskId: number }[] }>('loadTaskPhotos', { id: project._id });
    expect(photos.photos).toHaveLength(1);
    const act1 = (await gantt()).activities.find((task) => task.TaskCode === 'ACT1');
    expect(photos.photos[0]?.taskId).toBe(act1?.TaskID);
    // and it shows on the task, read from the server
    const shown = card('Moldaje').getByTestId('field-photo');
    await shown.waitFor();
    await expect
      .poll(() =>
        shown.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
  });

  it('a conflicting save on the server meanwhile: both values shown, and «Grabar el mío» keeps his', async () => {
    await phone.setOffline(true);
    await record('Moldaje', '70');
    await expect.poll(() => page.getByTestId('field-queue').innerText()).toBe('1 registro en cola en este teléfono');

    // the Planificador records 60 % for the same task at the office meanwhile
    const current = await gantt();
    const act1 = current.activities.find((task) => task.TaskCode === 'ACT1');
    await api('saveProgress', {
      id: project._id,
      cutoff: today,
      version: current.version,
      entries: [{ TaskID: act1?.TaskID, Progress: 60, ActualStart: weekOf(today) }],
    });

    await phone.setOffline(false);
    const problem = page.getByTestId('field-problem');
    await problem.waitFor({ timeout: 30_000 });
    const text = await problem.innerText();
    expect(text).toContain('Conflicto');
    expect(text).toContain('Otra persona registró avance en esta tarea mientras tanto');
    expect(text).toContain('Tu registro: Avance 70 %');
    expect(text).toContain('En el servidor: 60 %');
    expect(await progressOf('ACT1')).toEqual([60]);
    await screenshot(page, 'terreno-390-conflict');

    await problem.getByRole('button', { name: 'Grabar el mío' }).click();
    // his entry waits again, then goes
    await problem.waitFor({ state: 'detached' });
    await expect.poll(() => progressOf('ACT1'), { timeout: 30_000 }).toEqual([70]);
    await expect.poll(() => page.getByTestId('field-queue').innerText(), { timeout: 30_000 }).toBe('Todo enviado');
    await problem.waitFor({ state: 'detached' });
    expect(await progressOf('ACT1')).toEqual([70]);
    // the week after: no tasks of his start or run then… or some do; the screen answers either way
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await expect
      .poll(() => page.getByTestId('field-week').innerText())
      .toContain(addDays(weekOf(today), 7).split('-').reverse().join('-'));
  });
});
