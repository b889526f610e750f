import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, uniqueCode } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGanttOk } from '../../test/support/gantt';
import { saveProgressOk } from '../../test/support/progress';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { openWorkbook } from '../../test/support/workbooks';

/**
 * Issue 35: exportResourceHistogram on both databases, on createGanttProject's Gantt (its leaves run
 * Friday 2 to Thursday 8 January 2026; 1 January is a holiday, so January has 21 working days), as
 * load-resource-histogram.test.ts: ACT1 (6) has 2 formwork crews (4 carpenters + 1 jornal, $500.000 a
 * crew-day, 2 available) and the tower crane (UF 10 a day, the UF at $39.000); ACT2 (7) one crew and a
 * surveyor priced in US dollars, which Cimiento cannot turn into pesos. The crews' day is 3: overloaded.
 */
const ACT1 = 6;
const ACT2 = 7;
const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

type ExportedFile = { fileName: string; mimeType: string; content: string; message: string };

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe.each(databaseKinds)('exportResourceHistogram (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;
  let moldaje: { _id: string; code: string };
  let grua: { _id: string; code: string };
  let topografo: { _id: string; code: string };
  let carpintero: { _id: string; code: string };
  let jornal: { _id: string; code: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    carpintero = await createObject(t, member.cookie, 'oficios', { code: uniqueCode('CAR'), name: 'Carpintero' });
    jornal = await createObject(t, member.cookie, 'oficios', { code: uniqueCode('JOR'), name: 'Jornal' });
    moldaje = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('CMOL'),
      name: 'Cuadrilla moldaje',
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 2,
      crew: [
        { trade: carpintero._id, count: 4 },
        { trade: jornal._id, count: 1 },
      ],
      costPerDay: '500000',
      currency: 'CLP',
    });
    grua = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('GRUA'),
      name: 'Grúa torre',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
      costPerDay: '10',
      currency: 'UF',
    });
    topografo = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('TOPO'),
      name: 'Topografía',
      type: 'subcontract',
      unit: 'gl',
      maxUnits: 1,
      costPerDay: '250',
      currency: 'USD',
    });
    const uf = await callFunction(
      t.app,
      'saveUfValues',
      { values: [{ date: '2025-12-31', value: '39000' }] },
      admin.cookie,
    );
    expect(uf.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function exported(data: Record<string, unknown>): Promise<ExportedFile> {
    const response = await callFunction(t.app, 'exportResourceHistogram', data, member.cookie);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 600)).toBe(200);
    return response.body.result as ExportedFile;
  }

  /** The project with its resources assigned and a cut-off on Tuesday 6 January (both tasks under way). */
  async function assigned(): Promise<{ id: string; code: string }> {
    const { id, code } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const resources: Record<number, unknown> = {
      [ACT1]: [
        { resourceId: moldaje._id, units: 2 },
        { resourceId: grua._id, units: 1 },
      ],
      [ACT2]: [
        { resourceId: moldaje._id, units: 1 },
        { resourceId: topografo._id, units: 1 },
      ],
    };
    const gantt = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(loaded.activities).map((task) =>
          (task.TaskID as number) in resources ? { ...task, Resources: resources[task.TaskID as number] } : task,
        ),
      },
      loaded.version,
    );
    await saveProgressOk(t, member.cookie, {
      id,
      cutoff: '2026-01-06',
      entries: [
        { TaskID: ACT1, ActualStart: '2026-01-02', Progress: 40 },
        { TaskID: ACT2, ActualStart: '2026-01-02', Progress: 40 },
      ],
      version: gantt.version,
    });
    return { id, code };
  }

  it('per resource and month: the header, a row per series and period with the overload, and the note on dollars', async () => {
    const { id, code } = await assigned();
    const file = await exported({ id, groupBy: 'resource', period: 'month' });
    expect(file.fileName).toBe(`${code}-histograma-recursos.xlsx`);
    expect(file.mimeType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.message).toBe('Histograma de recursos exportado a Excel: 3 series');
    const { rows } = await openWorkbook(file.content, 'Histograma');
    expect(rows.slice(0, 6)).toEqual([
      ['Histograma de recursos'],
      ['Proyecto', `${code} — Edificio`],
      ['Agrupado por', 'Recurso'],
      ['Periodo', 'Mes'],
      ['Corte', '06-01-2026'],
      ['Línea base', 'Sin línea base'],
    ]);
    expect(rows[6]?.[0]).toBe('Reglas');
    expect(rows[8]).toEqual([
      'Serie',
      'Unidad',
      'Periodo',
      'Unidades (día punta)',
      'Promedio',
      'Disponible',
      'Sobrecarga',
      'Horas',
      'Costo (CLP)',
      'Horas antes del corte',
      'Costo antes del corte (CLP)',
      'Clave',
    ]);
    // 5 days × 3 crews = 15 crew-days over 21 working days; 15 × 5 workers × 8,8 h; 15 × $500.000;
    // before the cut-off, Friday 2 and Monday 5: 6 crew-days
    expect(rows.slice(9, 12)).toEqual([
      [
        `${moldaje.code} Cuadrilla moldaje`,
        'cuadrilla',
        day('2026-01-01'),
        3,
        0.71,
        2,
        'Sí',
        660,
        7_500_000,
        264,
        3_000_000,
        moldaje._id,
      ],
      [`${grua.code} Grúa torre`, 'un', day('2026-01-01'), 1, 0.24, 1, 'No', 44, 1_950_000, 17.6, 780_000, grua._id],
      // a subcontract has no hours; its dollars are not summed
      [`${topografo.code} Topografía`, 'gl', day('2026-01-01'), 1, 0.24, 1, 'No', 0, 0, 0, 0, topografo._id],
    ]);
    expect(rows[13]).toEqual([
      'Nota',
      `${topografo.code} Topografía: no hay valor en pesos para USD; el costo de sus recursos en esa moneda no está sumado.`,
    ]);
  });

  it('the manpower histogram per trade and week: a baseline sheet, and the trades by period with workers and HH', async () => {
    const { id, code } = await assigned();
    const baseline = await callFunction(t.app, 'saveBaseline', { id, name: 'LB contrato' }, member.cookie);
    expect(baseline.statusCode).toBe(200);
    const baselineId = (baseline.body.result as { baselineId: string }).baselineId;
    const file = await exported({ id, groupBy: 'trade', period: 'week', baselineId });
    expect(file.fileName).toBe(`${code}-histograma-mano-de-obra.xlsx`);
    expect(file.message).toBe('Histograma de mano de obra exportado a Excel: 2 series');

    const main = await openWorkbook(file.content, 'Histograma');
    expect(main.rows[0]).toEqual(['Histograma de mano de obra']);
    expect(main.rows[2]).toEqual(['Agrupado por', 'Oficio']);
    expect(main.rows[3]).toEqual(['Periodo', 'Semana (desde el lunes)']);
    expect(main.rows[5]).toEqual(['Línea base', 'LB contrato']);
    // the week of Monday 29 December: Friday 2 alone (the project's calendar starts with 2026), 3 crews:
    // 12 carpenters and 3 jornales; the week of 5 January: 4 days of its 5
    const table = main.rows.slice(9).map((row) => row.slice(0, 11));
    expect(table).toEqual([
      ['Carpintero', 'trabajadores', day('2025-12-29'), 12, 12, 8, 'Sí', 105.6, 1_200_000, 105.6, 1_200_000],
      ['Carpintero', 'trabajadores', day('2026-01-05'), 12, 9.6, 8, 'Sí', 422.4, 4_800_000, 105.6, 1_200_000],
      ['Jornal', 'trabajadores', day('2025-12-29'), 3, 3, 2, 'Sí', 26.4, 300_000, 26.4, 300_000],
      ['Jornal', 'trabajadores', day('2026-01-05'), 3, 2.4, 2, 'Sí', 105.6, 1_200_000, 26.4, 300_000],
    ]);
    expect(main.rows.slice(9).map((row) => row[11])).toEqual([carpintero._id, carpintero._id, jornal._id, jornal._id]);

    const planned = await openWorkbook(file.content, 'Línea base');
    expect(planned.rows[0]).toEqual(['Línea base «LB contrato»']);
    expect(planned.rows[2]?.[0]).toBe('Serie');
    // the baseline has the same dates: the same load, no cut-off
    expect(planned.rows.slice(3).map((row) => row.slice(0, 10))).toEqual(table.map((row) => [...row.slice(0, 9), 0]));

    const manpower = await openWorkbook(file.content, 'Mano de obra');
    expect(manpower.rows[0]).toEqual(['Histograma de mano de obra: trabajadores en el día punta y HH por periodo']);
    expect(manpower.rows[2]?.[0]).toBe('Oficio');
    expect(manpower.rows[2]?.[1]).toEqual(day('2025-12-29'));
    expect(manpower.rows[2]?.[3]).toEqual(day('2026-01-05'));
    expect(manpower.rows[2]?.[5]).toBe('HH total');
    expect(manpower.rows[3]).toEqual([undefined, 'Trabajadores', 'HH', 'Trabajadores', 'HH']);
    expect(manpower.rows.slice(4)).toEqual([
      ['Carpintero', 12, 105.6, 12, 422.4, 528],
      ['Jornal', 3, 26.4, 3, 105.6, 132],
      ['Total HH', undefined, 132, undefined, 528, 660],
    ]);
  });

  it('writes the titles alone when no task has resources; refuses an unknown project, a bad grouping and a visitor', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const file = await exported({ id, groupBy: 'type', period: 'day' });
    expect(file.message).toBe('Histograma de recursos exportado a Excel: 0 series');
    const { rows } = await openWorkbook(file.content, 'Histograma');
    expect(rows[4]).toEqual(['Corte', 'Sin cortes de avance']);
    expect(rows).toHaveLength(9);
    expect(rows[8]?.[0]).toBe('Serie');

    const unknown = await callFunction(
      t.app,
      'exportResourceHistogram',
      { id: UNKNOWN_ID, groupBy: 'type', period: 'day' },
      member.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.error.message).toBe('Proyecto no encontrado');
    const bad = await callFunction(
      t.app,
      'exportResourceHistogram',
      { id, groupBy: 'trade', period: 'year' },
      member.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.error.message).toContain('period: debe ser una de: day, week, month');
    const anonymous = await callFunction(t.app, 'exportResourceHistogram', { id, groupBy: 'type', period: 'day' });
    expect(anonymous.statusCode).toBe(401);
  });
});
