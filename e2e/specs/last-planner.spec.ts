import { formatIsoDate, santiagoToday } from '@cimiento/domain';
import { addDays, weekEnd, weekOf } from '@cimiento/domain/last-planner';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { GanttOutput } from '../support/gantt';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, edpItemId, saveTorreAreaType, sidebar } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 36, the Last Planner screens: a project whose task 'Excavar' starts this week (the dates
 * come from today's week in America/Santiago, so the spec passes any day, weekends and holidays
 * included: the Gantt moves a start off a holiday, and a task started before the window is still
 * listed, under way). On 'Intermedia' a constraint is refused at its fields, then added: the task is
 * 'No lista'; released, it is 'Lista' again. On 'Plan semanal' it is committed (30 %), changed
 * (45,5 %) and closed 'No cumplido' with a cause; 'PPC' shows the week at 0,0 % and the cause in the
 * Pareto. Each screen passes axe and fits a 390 px phone without scrolling sideways.
 */

const today = santiagoToday();
const week = weekOf(today);
const year = Number(today.slice(0, 4));

describe('Last Planner: Intermedia, Restricciones, Plan semanal and PPC', () => {
  let session: SignedInSession;
  let page: Page;
  let project: LoadedProject;
  let excavar: number;
  let hormigonar: number;
  let cookie: string;
  /** Excavar's EDP path as the Gantt's summaries give it, below the project's own root task */
  let excavarPath: string[];

  const path = (screen: 'intermedia' | 'plan-semanal' | 'ppc') => `/projects/${project.id}/${screen}`;
  const taskRow = (): Locator => page.getByTestId(`lookahead-task-${excavar}`);

  async function settle(target: Page) {
    await target.waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 5_000, polling: 100 },
    );
  }

  async function setDarkMode(target: Page, isDarkMode: boolean) {
    await target.evaluate((dark) => {
      const key = 'cimiento-settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}') as {
        state: Record<string, unknown>;
        version: number;
      };
      localStorage.setItem(key, JSON.stringify({ ...saved, state: { ...saved.state, isDarkMode: dark } }));
    }, isDarkMode);
  }

  async function open(screen: 'intermedia' | 'plan-semanal' | 'ppc') {
    const heading = { intermedia: 'Intermedia', 'plan-semanal': 'Plan semanal', ppc: 'PPC' }[screen];
    await page.goto(path(screen));
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    if (screen === 'intermedia') await taskRow().waitFor();
    if (screen === 'plan-semanal') await page.getByTestId('weekly-ppc').waitFor();
    if (screen === 'ppc') await page.getByTestId('ppc-overall').waitFor();
  }

  async function expectNoSidewaysScroll(where: string) {
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(widths.client);
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('lastplanner');
    page = session.page;
    cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    const areaType = await saveTorreAreaType(session, 2);
    const projects = await ProjectApi.forSession(session);
    const saved = await projects.save({
      name: 'Edificio Los Aromos',
      code: 'ELA',
      currency: 'CLP',
      budget: '1000000',
      startYear: String(year - 1),
      endYear: String(year + 1),
      tiposArea: [{ ...areaType, quantity: 1 }],
    });
    project = await projects.load(saved._id);
    await callFunction(
      session.server.url,
      'saveEdc',
      {
        id: project._id,
        edc: {
          id: edpItemId(project, 'ELA.1.1'),
          version: 0,
          componentesEdc: [
            { code: 'M', name: 'Fundaciones', parentCode: 'ELA.1.1', kind: 'main' },
            { code: 'M.1', name: 'Zapatas', parentCode: 'M', kind: 'sub' },
            { code: 'ACT1', name: 'Excavar', parentCode: 'M.1', kind: 'activity' },
            { code: 'ACT2', name: 'Hormigonar', parentCode: 'M.1', kind: 'activity' },
          ],
        },
      },
      cookie,
    );
    // 'Excavar' this week's Monday (a holiday moves it a day or so: still this week, or under way);
    // 'Hormigonar' two weeks later, in a 3-week window from today too
    const loaded = await callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: project._id }, cookie);
    const starts: Record<string, string> = { Excavar: week, Hormigonar: addDays(week, 14) };
    const activities = loaded.activities.map((task) => ({
      TaskID: task.TaskID,
      TaskCode: task.TaskCode,
      TaskName: task.TaskName,
      StartDate: task.isSummary
        ? (task.StartNoEarlierThan ?? task.StartDate)
        : (starts[task.TaskName] ?? task.StartDate),
      Duration: task.Duration,
      Progress: task.Progress,
      ParentId: task.ParentId ?? null,
      Predecessor: '',
    }));
    await callFunction(
      session.server.url,
      'saveGantt',
      { id: project._id, gantt: { activities }, version: loaded.version },
      cookie,
    );
    const task = loaded.activities.find((candidate) => candidate.TaskName === 'Excavar' && !candidate.isSummary);
    if (task === undefined) throw new Error('the Gantt has no Excavar');
    excavar = task.TaskID;
    hormigonar = loaded.activities.find((candidate) => candidate.TaskName === 'Hormigonar')?.TaskID ?? -1;
    const byId = new Map(loaded.activities.map((activity) => [activity.TaskID, activity]));
    excavarPath = [];
    for (let parent = task.ParentId; parent !== undefined && parent !== null; parent = byId.get(parent)?.ParentId) {
      excavarPath.unshift(byId.get(parent)?.TaskName ?? '');
    }
    // the generated EDP's root is the project itself, not a location: the screens' paths start below it
    excavarPath.shift();
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('the sidebar and the project home open Intermedia; Excavar is listed, Lista', async () => {
    await page.goto(`/projects/${project.id}`);
    await page.getByRole('heading', { level: 1, name: 'Edificio Los Aromos' }).waitFor();
    await page.getByRole('navigation', { name: 'Last Planner' }).getByRole('link', { name: 'Plan semanal' }).waitFor();
    const links = await sidebar(page).getByRole('link').allInnerTexts();
    expect(links.indexOf('Intermedia')).toBe(links.indexOf('Miembros') + 1);
    await sidebar(page).getByRole('link', { name: 'Intermedia' }).click();
    await page.waitForURL(`**${path('intermedia')}`);
    await page.getByRole('heading', { level: 1, name: 'Intermedia' }).waitFor();
    await taskRow().waitFor();
    const row = await taskRow().innerText();
    expect(row).toContain('Excavar');
    expect(row).toContain(excavarPath.join(' › '));
    expect(row).toContain('Lista');
    // the window from today (no cut-off yet), the project's 4 weeks
    await expect
      .poll(() => page.getByTestId('lookahead-window').innerText())
      .toBe(`Del ${formatIsoDate(today)} al ${formatIsoDate(addDays(today, 27))}`);
    await page.getByRole('combobox', { name: 'Semanas' }).click();
    await page.getByRole('option', { name: '3 semanas' }).click();
    await expect
      .poll(() => page.getByTestId('lookahead-window').innerText())
      .toBe(`Del ${formatIsoDate(today)} al ${formatIsoDate(addDays(today, 20))}`);
    await page.getByRole('button', { name: 'Ubicación' }).click();
    await page.getByRole('heading', { level: 2, name: excavarPath[0] }).waitFor();
    await page.getByRole('button', { name: 'Empresa', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Sin empresa' }).waitFor();
  });

  it('adds a constraint: the server’s refusals at their fields, then saved; the task is No lista', async () => {
    await taskRow()
      .getByRole('button', { name: /^Restricciones de .*Excavar/ })
      .click();
    await taskRow().getByRole('button', { name: 'Agregar restricción' }).click();
    const dialog = page.getByRole('dialog', { name: /^Agregar restricción a .*Excavar/ });
    await dialog.getByRole('textbox', { name: /^Descripción/ }).fill('Llegada de moldajes');
    await dialog.getByRole('combobox', { name: /^Responsable/ }).fill('Juan Pérez');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    // 'Tipo: …; Fecha límite: …' from the server, each at its field
    const type = dialog.getByRole('combobox', { name: /^Tipo/ });
    await expect.poll(() => type.getAttribute('aria-invalid')).toBe('true');
    const due = dialog.getByTestId('constraint-due-date');
    await expect.poll(() => due.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('textbox', { name: /^Descripción/ }).getAttribute('aria-invalid')).toBe('false');
    await settle(page);
    await screenshot(page, 'last-planner-constraint-refused');

    await type.fill('Mater');
    await page.getByRole('option', { name: 'Materiales' }).click();
    const dueDate = addDays(today, 3);
    await due.click();
    await due.pressSequentially(formatIsoDate(dueDate).replace(/-/g, ''));
    expect(await due.inputValue()).toBe(formatIsoDate(dueDate));
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => taskRow().innerText()).toContain('No lista (1 abierta)');
    expect(await taskRow().innerText()).toContain('Materiales: Llegada de moldajes');
    await settle(page);
    await screenshot(page, 'last-planner-not-ready');
  });

  it('releases it: Liberada, and the task is Lista again', async () => {
    await taskRow().getByRole('button', { name: 'Liberar restricción Materiales: Llegada de moldajes' }).click();
    await expect.poll(() => taskRow().getByTestId('task-ready').count()).toBe(1);
    expect(await taskRow().innerText()).toContain('Liberada');
    expect(await taskRow().innerText()).not.toContain('No lista');
  });

  it('flags an overdue constraint in words and colour, on the row and in the summary', async () => {
    await callFunction(
      session.server.url,
      'saveConstraint',
      {
        id: project._id,
        taskId: hormigonar,
        constraint: {
          type: 'Permisos',
          description: 'Permiso de grúa',
          responsible: 'Inspección municipal',
          dueDate: addDays(today, -2),
        },
      },
      cookie,
    );
    await open('intermedia');
    const row = page.getByTestId(`lookahead-task-${hormigonar}`);
    await expect.poll(() => row.innerText()).toContain('1 restricción vencida');
    expect(await row.innerText()).toContain('No lista (1 abierta)');
    expect(await page.getByTestId('lookahead-overdue').innerText()).toBe('1 restricción vencida');
  });

  it('commits Excavar in this week’s Plan semanal, and closes it No cumplido with a cause', async () => {
    await page.getByRole('navigation', { name: 'Last Planner' }).getByRole('link', { name: 'Plan semanal' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plan semanal' }).waitFor();
    await page
      .getByTestId('weekly-week')
      .getByText(`Semana del ${formatIsoDate(week)} al ${formatIsoDate(weekEnd(week))}`)
      .waitFor();
    const candidate = page.getByTestId(`candidate-${excavar}`);
    await candidate.getByRole('button', { name: /^Comprometer .*Excavar/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Comprometer .*Excavar/ });
    await dialog.getByRole('textbox', { name: /^Porcentaje de la tarea/ }).fill('30');
    await dialog.getByRole('button', { name: 'Comprometer' }).click();
    await dialog.waitFor({ state: 'detached' });
    const commitment = page.getByTestId(`commitment-${excavar}`);
    await commitment.waitFor();
    expect(await commitment.getByTestId('commitment-state').innerText()).toBe('Pendiente');
    await candidate.getByText('Comprometida').waitFor();
    expect(await commitment.innerText()).toContain('30 % de la tarea');

    // 'Cambiar' the open commitment's amount: the dialog starts from it (45,5 % is what 'Pasar al
    // avance' records below)
    await commitment.getByRole('button', { name: /^Cambiar el compromiso de .*Excavar/ }).click();
    const change = page.getByRole('dialog', { name: /^Cambiar el compromiso de .*Excavar/ });
    const percent = change.getByRole('textbox', { name: /^Porcentaje de la tarea/ });
    expect(await percent.inputValue()).toBe('30');
    await percent.fill('45,5');
    await change.getByRole('button', { name: 'Grabar' }).click();
    await change.waitFor({ state: 'detached' });
    await expect.poll(() => commitment.innerText()).toContain('45,5 % de la tarea');
    await screenshot(page, 'last-planner-commitment-open');

    await commitment.getByRole('button', { name: /^No cumplido: .*Excavar/ }).click();
    const close = page.getByRole('dialog', { name: /^No cumplido: .*Excavar/ });
    await close.getByRole('button', { name: 'No cumplido' }).click();
    await close.getByText('Es obligatoria cuando el compromiso no se cumplió').waitFor();
    await close.getByRole('combobox', { name: /^Causa de no cumplimiento/ }).click();
    await page.getByRole('option', { name: 'Materiales' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await close.getByRole('button', { name: 'No cumplido' }).click();
    await close.waitFor({ state: 'detached' });
    await expect.poll(() => commitment.getByTestId('commitment-state').innerText()).toBe('No cumplido');
    expect(await commitment.innerText()).toContain('Causa: Materiales');
    await expect.poll(() => page.getByTestId('weekly-ppc').innerText()).toContain('0,0 %');
    expect(await page.getByTestId('weekly-ppc').innerText()).toContain('0 de 1 cerrados cumplidos');
    await commitment.getByRole('button', { name: /^Reabrir .*Excavar/ }).waitFor();
  });

  it('Pasar al avance previews nothing to record for a commitment not fulfilled', async () => {
    await page.getByRole('button', { name: 'Pasar al avance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pasar al avance' });
    expect(await dialog.getByTestId('transfer-cutoff').inputValue()).toBe(formatIsoDate(today));
    await dialog.getByRole('button', { name: 'Vista previa' }).click();
    await dialog.getByText('No hay avance que registrar a esta fecha de corte.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirmar' }).isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'last-planner-transfer-preview');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('PPC shows the week at 0,0 % and Materiales in the Pareto', async () => {
    await open('ppc');
    await expect.poll(() => page.getByTestId('ppc-overall').innerText()).toContain('0,0 %');
    const weekRow = page.getByTestId(`ppc-week-${week}`);
    expect(await weekRow.innerText()).toContain('0,0 %');
    const pareto = page.getByTestId('pareto-row');
    expect(await pareto.count()).toBe(1);
    expect(await pareto.innerText()).toMatch(/Materiales\s+1\s+100,0 %\s+100,0 %/);
    await page
      .getByRole('img', { name: /Gráfico del PPC por semana/ })
      .or(page.locator('svg').first())
      .first()
      .waitFor();
  });

  it('Pasar al avance records a fulfilled commitment at the cut-off, with the Gantt’s version', async () => {
    await open('plan-semanal');
    const commitment = page.getByTestId(`commitment-${excavar}`);
    await commitment.getByRole('button', { name: /^Reabrir .*Excavar/ }).click();
    await expect.poll(() => commitment.getByTestId('commitment-state').innerText()).toBe('Pendiente');
    await commitment.getByRole('button', { name: /^Cumplido: .*Excavar/ }).click();
    await expect.poll(() => commitment.getByTestId('commitment-state').innerText()).toBe('Cumplido');
    await expect.poll(() => page.getByTestId('weekly-ppc').innerText()).toContain('100,0 %');

    await page.getByRole('button', { name: 'Pasar al avance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pasar al avance' });
    await dialog.getByRole('button', { name: 'Vista previa' }).click();
    const preview = dialog.getByRole('table', { name: 'Vista previa del avance' });
    await preview.waitFor();
    expect(await preview.getByRole('row').nth(1).innerText()).toMatch(/ACT1\s*Excavar\s+0 %\s+45,50 %\s+1/);
    await settle(page);
    await screenshot(page, 'last-planner-transfer-preview-task');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => commitment.innerText()).toContain(`Pasado al avance el ${formatIsoDate(today)}`);
    expect(await commitment.getByRole('button', { name: /^Reabrir/ }).count()).toBe(0);
    const gantt = await callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: project._id }, cookie);
    expect(gantt.activities.find((activity) => activity.TaskID === excavar)?.Progress).toBe(45.5);
  });

  it('passes axe, fits a 390 px phone, and looks right at 1440 and 390 px, light and dark', async () => {
    for (const screen of ['intermedia', 'plan-semanal', 'ppc'] as const) {
      await open(screen);
      await settle(page);
      const violations = await axeViolations(page, 'main');
      expect(describeViolations(path(screen), violations)).toEqual([]);
    }
    for (const isDarkMode of [false, true]) {
      await setDarkMode(page, isDarkMode);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
        for (const screen of ['intermedia', 'plan-semanal', 'ppc'] as const) {
          await open(screen);
          if (screen === 'intermedia') {
            await taskRow()
              .getByRole('button', { name: /^Restricciones de/ })
              .click();
            await taskRow().getByText('Llegada de moldajes').waitFor();
          }
          await settle(page);
          if (width === 390) await expectNoSidewaysScroll(`${screen} (390 px)`);
          await screenshot(page, `last-planner-${screen}-${width}-${isDarkMode ? 'oscuro' : 'claro'}`);
        }
      }
    }
    // the phone's layout passes axe too (dark)
    const narrow = await axeViolations(page, 'main');
    expect(describeViolations(`${path('ppc')} (390 px, oscuro)`, narrow)).toEqual([]);
    await setDarkMode(page, false);
    await page.setViewportSize({ width: 1400, height: 900 });
  }, 300_000);

  it('a constraint deleted after a counted question', async () => {
    await open('intermedia');
    await taskRow()
      .getByRole('button', { name: /^Restricciones de/ })
      .click();
    await taskRow().getByRole('button', { name: 'Eliminar restricción Materiales: Llegada de moldajes' }).click();
    const question = confirmDialog(page);
    await question.getByText(/Es su única restricción/).waitFor();
    await question.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /eliminad/i);
    await taskRow().getByText('Sin restricciones: la tarea está lista.').waitFor();
  });
});
