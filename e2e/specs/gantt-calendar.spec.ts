import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { GanttOutput } from '../support/gantt';
import { cell, openGanttPage, seedGanttProject, shown, startOf, toolbarButton, unsavedChip } from '../support/gantt';
import type { LoadedProject } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * 'Calendario' (issue 14). The seeded project (startYear 2026): EDP ELA · ELA.1 · ELA.1.1 · ELA.1.2,
 * ELA.1's EDC M · M.1 · ACT1 · ACT2 · ACT3 (TaskIDs 5, 6, 7), each 5 working days from Friday
 * 02-01-2026 (Thursday 1 is Año Nuevo). Linked here ACT1 → ACT2 → ACT3 (finish to start), on the
 * default calendar (Monday–Friday, Chile's holidays, no exceptions):
 *   ACT1 Fri 02 – Thu 08-01 · ACT2 Fri 09 – Thu 15-01 · ACT3 Fri 16 – Thu 22-01.
 * Saturdays worked and Tuesday 13-01 a non-working exception ('Paralización de faena'):
 *   ACT1 Fri 02, Sat 03, Mon 05, Tue 06, Wed 07 → 07-01
 *   ACT2 Thu 08, Fri 09, Sat 10, Mon 12, (13 off) Wed 14 → 08-01 – 14-01
 *   ACT3 Thu 15, Fri 16, Sat 17, Mon 19, Tue 20 → 15-01 – 20-01
 */
const A = 5;
const B = 6;
const C = 7;

type CalendarOutput = GanttOutput & {
  calendar: {
    workWeek: string;
    holidays: string[];
    workingWeekdays: number[];
    chileHolidays: boolean;
    exceptions: { date: string; name: string; working: boolean }[];
  };
};

function calendarDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Calendario del proyecto' });
}

async function openCalendar(page: Page): Promise<Locator> {
  await toolbarButton(page, 'Calendario').click();
  const dialog = calendarDialog(page);
  await dialog.waitFor();
  return dialog;
}

async function saveGanttOnScreen(page: Page): Promise<void> {
  await toolbarButton(page, 'Grabar Gantt').click();
  const confirm = confirmDialog(page);
  await confirm.getByText('¿Estás seguro de grabar el Gantt?').waitFor();
  await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
  await waitForSuccessToast(page, /Gantt grabado/);
  await expect.poll(() => unsavedChip(page).count()).toBe(0);
}

/** The exceptions table's rows as [Fecha, Nombre, Tipo]. */
function exceptionRows(dialog: Locator): Promise<string[][]> {
  return dialog
    .getByRole('table', { name: 'Excepciones' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'))
          .slice(0, 3)
          .map((node) => (node.textContent ?? '').trim()),
      ),
    );
}

describe('Gantt: the project calendar (issue 14)', () => {
  let session: SignedInSession;
  let page: Page;
  let project: LoadedProject;
  let loadGantt: () => Promise<CalendarOutput>;

  beforeAll(async () => {
    session = await openAsFirstAdmin('calendario');
    page = session.page;
    const seeded = await seedGanttProject(session, ['ELA.1']);
    project = seeded.project;
    loadGantt = seeded.loadGantt as () => Promise<CalendarOutput>;
    await seeded.saveGantt((task) =>
      task.TaskID === B ? { Predecessor: `${A}FS` } : task.TaskID === C ? { Predecessor: `${B}FS` } : {},
    );
  });

  afterAll(async () => {
    await session?.close();
  });

  it('Saturdays worked and a non-working exception move the dates at once; Grabar keeps the calendar', async () => {
    await openGanttPage(page, project, A);
    expect(await startOf(page, B)).toBe('09-01-2026');
    expect(await startOf(page, C)).toBe('16-01-2026');

    const dialog = await openCalendar(page);
    expect(await dialog.getByRole('checkbox', { name: 'Sábado' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('switch', { name: 'Feriados nacionales de Chile' }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Sábado' }).check();
    await dialog.getByRole('textbox', { name: 'Fecha' }).fill('13-01-2026');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Paralización de faena');
    await dialog.getByRole('button', { name: 'Agregar excepción' }).click();
    expect(await exceptionRows(dialog)).toEqual([['13-01-2026', 'Paralización de faena', 'No laborable']]);
    // the same date twice is refused with a message
    await dialog.getByRole('textbox', { name: 'Fecha' }).fill('13-01-2026');
    await dialog.getByRole('button', { name: 'Agregar excepción' }).click();
    await dialog
      .getByText('Ya hay una excepción el 13-01-2026 (Paralización de faena): quítala primero o elige otra fecha.')
      .waitFor();
    await screenshot(page, 'gantt-calendar-dialog');
    // a date typed but not added stops 'Aplicar' with a message
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog.getByText(/La excepción del 13-01-2026 no está agregada/).waitFor();
    await dialog.getByRole('textbox', { name: 'Fecha' }).fill('');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // recomputed in the page, before any save
    await expect.poll(() => startOf(page, B)).toBe('08-01-2026');
    expect(await cell(page, A, 'endIso').innerText()).toBe('07-01-2026');
    expect(await cell(page, B, 'endIso').innerText()).toBe('14-01-2026');
    expect(await startOf(page, C)).toBe('15-01-2026');
    expect(await cell(page, C, 'endIso').innerText()).toBe('20-01-2026');
    expect(await unsavedChip(page).count()).toBe(1);

    await saveGanttOnScreen(page);
    const stored = await loadGantt();
    expect(stored.calendar).toMatchObject({
      workWeek: 'mon-sat',
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      chileHolidays: true,
      exceptions: [{ date: '2026-01-13', name: 'Paralización de faena', working: false }],
    });
    const byId = new Map(stored.activities.map((task) => [task.TaskID, task]));
    expect([A, B, C].map((id) => [byId.get(id)?.StartDate, byId.get(id)?.EndDate])).toEqual([
      ['2026-01-02', '2026-01-07'],
      ['2026-01-08', '2026-01-14'],
      ['2026-01-15', '2026-01-20'],
    ]);

    // a reload shows the stored calendar and the same dates
    await openGanttPage(page, project, A);
    for (const id of [A, B, C]) {
      const task = byId.get(id);
      expect(await startOf(page, id)).toBe(shown(task?.StartDate ?? ''));
      expect(await cell(page, id, 'endIso').innerText()).toBe(shown(task?.EndDate ?? ''));
    }
    const reopened = await openCalendar(page);
    expect(await reopened.getByRole('checkbox', { name: 'Sábado' }).isChecked()).toBe(true);
    expect(await reopened.getByRole('checkbox', { name: 'Domingo' }).isChecked()).toBe(false);
    expect(await exceptionRows(reopened)).toEqual([['13-01-2026', 'Paralización de faena', 'No laborable']]);
    await reopened.getByRole('button', { name: 'Cancelar' }).click();
    await reopened.waitFor({ state: 'hidden' });
  });

  it('an unsaved calendar is kept in the draft: another tab offers it back and recovers it', async () => {
    await openGanttPage(page, project, A);
    const dialog = await openCalendar(page);
    await dialog.getByRole('button', { name: 'Quitar la excepción del 13-01-2026' }).click();
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // without the stoppage ACT2 ends Tue 13, ACT3 starts Wed 14
    await expect.poll(() => startOf(page, C)).toBe('14-01-2026');
    await unsavedChip(page).waitFor();
    const draftKeys = (target: Page) =>
      target.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cimiento-draft:')));
    await expect.poll(() => draftKeys(page)).toHaveLength(1);

    // the same Gantt in another tab (as after a crash or an expired session) offers the draft
    const other = await session.context.newPage();
    await openGanttPage(other, project, A);
    const alert = other.getByTestId('draft-recovery');
    await alert.getByText('Recuperar cambios sin grabar').waitFor();
    // nothing of it on screen until the user chooses: the stored calendar's dates
    expect(await startOf(other, C)).toBe('15-01-2026');
    await alert.getByRole('button', { name: 'Recuperar' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => startOf(other, C)).toBe('14-01-2026');
    await unsavedChip(other).waitFor();
    const recovered = await openCalendar(other);
    expect(await exceptionRows(recovered)).toEqual([['El proyecto no tiene excepciones.']]);
    expect(await recovered.getByRole('checkbox', { name: 'Sábado' }).isChecked()).toBe(true);
    await recovered.getByRole('button', { name: 'Cancelar' }).click();
    await recovered.waitFor({ state: 'hidden' });
    await other.close();

    // reloading (the browser's question answered 'leave') shows the stored calendar again but keeps
    // the draft (issue 32: only 'Descartar' removes it), and 'Descartar' does, after asking
    page.once('dialog', (question) => void question.accept());
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `${project.name} :: Gantt`, exact: true }).waitFor();
    await expect.poll(() => startOf(page, C)).toBe('15-01-2026');
    const offered = page.getByTestId('draft-recovery');
    await offered.getByText('Recuperar cambios sin grabar').waitFor();
    expect(await draftKeys(page)).toHaveLength(1);
    await offered.getByRole('button', { name: 'Descartar' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await offered.waitFor({ state: 'detached' });
    expect(await draftKeys(page)).toEqual([]);
    expect(await startOf(page, C)).toBe('15-01-2026');
  });

  it('Chile’s holidays turned on in a Gantt saved without them apply with the save, and the screen says so', async () => {
    await openGanttPage(page, project, A);
    expect(await unsavedChip(page).count()).toBe(0);
    let dialog = await openCalendar(page);
    await dialog.getByRole('switch', { name: 'Feriados nacionales de Chile' }).uncheck();
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await saveGanttOnScreen(page);
    const off = await loadGantt();
    expect(off.calendar).toMatchObject({ chileHolidays: false, holidays: [] });

    dialog = await openCalendar(page);
    await dialog.getByRole('switch', { name: 'Feriados nacionales de Chile' }).check();
    const pending =
      'Los feriados nacionales de Chile se aplicarán al grabar: hasta entonces, las fechas del Gantt no los consideran.';
    await dialog.getByText(pending).waitFor();
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const alert = page.getByTestId('holidays-pending');
    await alert.getByText(pending).waitFor();
    await screenshot(page, 'gantt-calendar-holidays-pending');
    await alert.getByRole('button', { name: 'Grabar ahora' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /Gantt grabado/);
    await alert.waitFor({ state: 'detached' });
    const on = await loadGantt();
    expect(on.calendar.chileHolidays).toBe(true);
    expect(on.calendar.holidays).toContain('2026-01-01');
    for (const task of on.activities.filter((item) => !item.isSummary)) {
      expect(await startOf(page, task.TaskID)).toBe(shown(task.StartDate));
      expect(await cell(page, task.TaskID, 'endIso').innerText()).toBe(shown(task.EndDate));
    }
  });
});
