import { describe, expect, it } from 'vitest';
import { MAX_LAG } from '../gantt/predecessors';
import { mapXer } from './map-xer';
import type { MapXerResult } from './map-xer';
import { readP6File } from './p6-test-support';
import { parseXer, readXer } from './read-xer';
import type { XerFile } from './read-xer';

function xerOf(name: string): XerFile {
  const result = readXer(readP6File(name));
  if (!result.ok) throw new Error(result.error);
  return result.xer;
}

function mapped(name: string, projectId?: string): Extract<MapXerResult, { ok: true }> {
  const result = mapXer(xerOf(name), projectId === undefined ? {} : { projectId });
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('mapXer on the P6 corpus (issue 34)', () => {
  it("jaggelas: the exported project 10001 of two, its 692 activities, its links, and the other project's named", () => {
    const xer = xerOf('jaggelas-test.xer');
    const result = mapped('jaggelas-test.xer');
    expect(result.projectId).toBe('4533');
    expect(
      result.projects.map(({ id, shortName, isExternal, activityCount }) => ({
        id,
        shortName,
        isExternal,
        activityCount,
      })),
    ).toEqual([
      { id: '4517', shortName: '935', isExternal: true, activityCount: 3 },
      { id: '4533', shortName: '10001', isExternal: false, activityCount: 692 },
    ]);
    // each named by its WBS node, as P6 shows it
    const nodes = xer.tables.get('PROJWBS')?.rows.filter((row) => row['proj_node_flag'] === 'Y') ?? [];
    for (const project of result.projects)
      expect(project.name).toBe(nodes.find((row) => row['proj_id'] === project.id)?.['wbs_name']);
    const { schedule } = result;
    expect(schedule.tasks.filter((task) => !task.summary)).toHaveLength(692);
    // every summary holds something; a parent comes before its children
    const seen = new Set<number>();
    for (const task of schedule.tasks) {
      if (task.parentUid !== undefined) expect(seen.has(task.parentUid)).toBe(true);
      seen.add(task.uid);
    }
    const parents = new Set(schedule.tasks.map((task) => task.parentUid));
    for (const task of schedule.tasks.filter((candidate) => candidate.summary))
      expect(parents.has(task.uid)).toBe(true);
    // the links between its own activities; the 3 that reach project 935 are named and left out
    const own = new Set(
      xer.tables
        .get('TASK')
        ?.rows.filter((task) => task['proj_id'] === '4533')
        .map((task) => task['task_id']),
    );
    const preds = xer.tables.get('TASKPRED')?.rows ?? [];
    const inside = preds.filter((row) => own.has(row['task_id']) && own.has(row['pred_task_id']));
    expect(inside.length).toBeGreaterThan(1500);
    // one link per pair of activities: P6's second relationship between a pair (SS and FF) is named
    const pairs = new Set(inside.map((row) => `${row['pred_task_id']}>${row['task_id']}`));
    expect(inside.length - pairs.size).toBe(10);
    expect(schedule.links).toHaveLength(pairs.size);
    expect(schedule.warnings).toContain(
      'Cimiento admite un solo vínculo entre dos actividades: se conservó el primero del archivo y se omitieron: A4580 → A4590 (FS; se conservó SS), A2340 → A2360 (FF; se conservó FS), A5130 → A5140 (FF; se conservó FS), A4590 → A4600 (FF; se conservó SS), A4890 → A4900 (FS; se conservó FF), A4900 → A4910 (FS; se conservó FF), A4900 → A4920 (FS; se conservó FF), A1245 → A1275 (FF; se conservó FS), A4150 → A4160 (FF; se conservó FS), A7440 → A7450 (FF; se conservó SS).',
    );
    expect(preds.length - inside.length).toBe(3);
    expect(
      schedule.warnings.some((warning) =>
        warning.startsWith('Se omitieron los vínculos con actividades de otros proyectos'),
      ),
    ).toBe(true);
    // the 5-day 8-hour calendar, and the data date as the cut-off of the actual dates
    expect(schedule.calendar.workingWeekdays).toEqual([1, 2, 3, 4, 5]);
    expect(schedule.cutoff).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a duration in working days is the hours over the calendar’s hours per day; milestones are 0', () => {
    const xer = xerOf('pyp6xer-SP10-COST-LOADED.xer');
    const { schedule } = mapped('pyp6xer-SP10-COST-LOADED.xer');
    expect(schedule.tasks.filter((task) => !task.summary)).toHaveLength(3994);
    // the file's 5,966 relationships, 12 of them a second one between the same two activities
    const preds = xer.tables.get('TASKPRED')?.rows ?? [];
    expect(preds).toHaveLength(5966);
    const pairs = new Set(preds.map((row) => `${row['pred_task_id']}>${row['task_id']}`));
    expect(pairs.size).toBe(5954);
    expect(schedule.links).toHaveLength(5954);
    expect(schedule.warnings.some((warning) => warning.endsWith(' y 2 más.'))).toBe(true);
    const hours = new Map(xer.tables.get('CALENDAR')?.rows.map((row) => [row['clndr_id'], Number(row['day_hr_cnt'])]));
    const rows = xer.tables.get('TASK')?.rows ?? [];
    const byName = new Map(schedule.tasks.filter((task) => !task.summary).map((task) => [task.name, task]));
    let checked = 0;
    for (const row of rows.slice(0, 400)) {
      const task = byName.get(row['task_name'] ?? '');
      if (!task) continue;
      const expected =
        row['task_type'] === 'TT_Mile' || row['task_type'] === 'TT_FinMile'
          ? 0
          : Math.round(Number(row['target_drtn_hr_cnt']) / (hours.get(row['clndr_id']) || 8));
      if (rows.filter((other) => other['task_name'] === row['task_name']).length === 1) {
        expect(task.duration, row['task_name']).toBe(Math.min(expected, 100_000));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
    // level-of-effort activities are named
    expect(schedule.warnings.some((warning) => warning.startsWith('Las actividades de nivel de esfuerzo'))).toBe(true);
  });

  it('CP1251: the exported TestProject2 by default; the cross-project link named and left out; TestProject on request', () => {
    const { schedule, projects } = mapped('aspose-MultiprojectWithExternal.xer');
    expect(projects.map((project) => [project.shortName, project.isExternal])).toEqual([
      ['TestProject', true],
      ['TestProject2', false],
    ]);
    expect(schedule.tasks.map((task) => task.name)).toEqual(['Activity2 - 1', 'Activity 2 - 2']);
    expect(schedule.links).toEqual([]);
    expect(schedule.warnings).toEqual(['Se omitieron los vínculos con actividades de otros proyectos: A1000 → A1010.']);
    const other = mapped('aspose-MultiprojectWithExternal.xer', 'TestProject');
    expect(other.schedule.tasks.map((task) => task.name)).toEqual(['Задача 1']);
  });

  it('several projects and none exported: asks which, naming them; a project asked for by its Project ID', () => {
    const result = mapXer(xerOf('aspose-ScheduleOptions.xer'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^El archivo tiene 4 proyectos: elige uno \(/);
    expect(result.reason).toBe('choose');
    expect(result.projects.map((project) => [project.shortName, project.name])).toEqual([
      ['NEWPROJ', 'ProjectWith24Hours'],
      ['NEWPROJ-1', 'ProjectWithDefaultLagCalendar'],
      ['NEWPROJ-2', 'ProjectWithSuccessor'],
      ['NEWPROJ-3', 'ProjectWithPredecessor'],
    ]);
    const first = result.projects[0]?.shortName ?? '';
    const chosen = mapXer(xerOf('aspose-ScheduleOptions.xer'), { projectId: first });
    expect(chosen.ok).toBe(true);
    expect(mapXer(xerOf('aspose-ScheduleOptions.xer'), { projectId: 'NO-EXISTE' })).toMatchObject({
      ok: false,
      error: 'El archivo no tiene el proyecto NO-EXISTE',
      reason: 'unknown',
    });
  });

  it("carries P6's WBS codes (short names joined by dots) and Activity IDs as the tasks' own codes", () => {
    const xer = xerOf('jaggelas-test.xer');
    const { schedule } = mapped('jaggelas-test.xer');
    const wbs = new Map(xer.tables.get('PROJWBS')?.rows.map((row) => [row['wbs_id'], row]));
    const activities = (xer.tables.get('TASK')?.rows ?? []).filter((row) => row['proj_id'] === '4533');
    // the code P6 shows: the short names from the project's node down
    const wbsCode = (wbsId: string | undefined): string => {
      const row = wbs.get(wbsId);
      if (!row || row['proj_node_flag'] === 'Y') return '';
      const above = wbsCode(row['parent_wbs_id']);
      return above === '' ? (row['wbs_short_name'] ?? '') : `${above}.${row['wbs_short_name'] ?? ''}`;
    };
    const expected = new Set(
      activities.map((row) => {
        const code = wbsCode(row['wbs_id']);
        return code === '' ? row['task_code'] : `${code}.${row['task_code']}`;
      }),
    );
    const leafCodes = schedule.tasks.filter((task) => !task.summary).map((task) => task.fileCode);
    expect(new Set(leafCodes)).toEqual(expected);
    expect(leafCodes).toHaveLength(692);
    for (const task of schedule.tasks.filter((candidate) => candidate.summary))
      expect(task.fileCode, task.name).toMatch(/\S/);
  });

  it("issue 34: an activity under way keeps P6's remaining duration (hours over its calendar's day) when its progress leaves another", () => {
    const xer = xerOf('jaggelas-test.xer');
    const { schedule } = mapped('jaggelas-test.xer');
    const activities = (xer.tables.get('TASK')?.rows ?? []).filter((row) => row['proj_id'] === '4533');
    const underWay = activities.filter((row) => row['act_start_date'] !== '' && (row['act_end_date'] ?? '') === '');
    expect(underWay.length).toBeGreaterThan(10);
    const byName = new Map(schedule.tasks.map((task) => [task.name, task]));
    let kept = 0;
    for (const row of underWay) {
      const task = byName.get(row['task_name'] ?? '');
      // P6's hours over the project's 8-hour day, whole days up; kept only when it is not ⌈d × (1 − %)⌉
      const days = Math.ceil(Number(row['remain_drtn_hr_cnt']) / 8 - 1e-6);
      const byProgress = Math.ceil((task?.duration ?? 0) * (1 - (task?.progress ?? 0) / 100));
      expect(task?.remaining, row['task_name']).toBe(days === byProgress ? undefined : days);
      if (task?.remaining !== undefined) kept += 1;
    }
    expect(kept).toBe(17);
    // 'Award Seismic Survey Contract (Jetty)': 10 days at 95 % leave 1, P6 has 40 hours (5 days) left
    expect(byName.get('Award Seismic Survey Contract (Jetty)')).toMatchObject({
      duration: 10,
      progress: 95,
      remaining: 5,
    });
    // done and not started activities have none
    for (const task of schedule.tasks)
      if (task.actualStart === undefined || task.actualFinish !== undefined) expect(task.remaining).toBeUndefined();
  });

  it('reads every XER of the corpus that has activities without refusing it', () => {
    for (const name of [
      'mpxj-PredecessorCalendar.xer',
      'mpxj-resource-rates-test.xer',
      'mpxj-invalid-8.4.xer',
      'mpxj-percent-complete-8.4.xer',
      'aspose-encoding1251.xer',
      'aspose-test.xer',
    ]) {
      const result = mapXer(xerOf(name));
      expect(result.ok, name).toBe(true);
    }
  });
});

describe('mapXer by hand', () => {
  const head = 'ERMHDR\t20.12\t2024-06-12\tProject\tadmin\tAdmin\tdb\tProject Management\tUSD';
  const file = [
    head,
    '%T\tPROJECT',
    '%F\tproj_id\tproj_short_name\texport_flag\tclndr_id\tplan_start_date\tlast_recalc_date',
    '%R\t1\tOBRA\tY\t10\t2026-03-02 08:00\t2026-03-11 08:00',
    '%T\tCALENDAR',
    '%F\tclndr_id\tdefault_flag\tclndr_name\tday_hr_cnt\tclndr_data',
    '%R\t10\tY\tLunes a viernes\t8\t(0||CalendarData()((0||DaysOfWeek()((0||1()())(0||2()((0||0(s|08:00|f|16:00)())))(0||3()((0||0(s|08:00|f|16:00)())))(0||4()((0||0(s|08:00|f|16:00)())))(0||5()((0||0(s|08:00|f|16:00)())))(0||6()((0||0(s|08:00|f|16:00)())))(0||7()())))(0||Exceptions()((0||0(d|46094)())))))',
    '%T\tPROJWBS',
    '%F\twbs_id\tproj_id\tseq_num\tproj_node_flag\twbs_short_name\twbs_name\tparent_wbs_id',
    '%R\t100\t1\t0\tY\tOBRA\tEdificio Los Aromos\t',
    '%R\t102\t1\t2\tN\tTER\tTerminaciones\t100',
    '%R\t101\t1\t1\tN\tOG\tObra gruesa\t100',
    '%R\t103\t1\t3\tN\tVAC\tSin actividades\t100',
    '%T\tTASK',
    '%F\ttask_id\tproj_id\twbs_id\tclndr_id\ttask_type\tstatus_code\tcomplete_pct_type\tphys_complete_pct\ttask_code\ttask_name\ttarget_drtn_hr_cnt\tremain_drtn_hr_cnt\tcstr_type\tcstr_date\tact_start_date\tact_end_date\tearly_start_date',
    '%R\t1\t1\t101\t10\tTT_Task\tTK_Complete\tCP_Drtn\t0\tA100\tExcavación\t40\t0\t\t\t2026-03-02 08:00\t2026-03-06 16:00\t',
    '%R\t2\t1\t101\t10\tTT_Task\tTK_Active\tCP_Drtn\t0\tA110\tFundaciones\t80\t20\t\t\t2026-03-09 08:00\t\t',
    '%R\t3\t1\t102\t10\tTT_Task\tTK_NotStart\tCP_Phys\t0\tA200\tTabiques\t36\t36\tCS_MSOA\t2026-04-01 08:00\t\t\t2026-04-01 08:00',
    '%R\t4\t1\t102\t10\tTT_FinMile\tTK_NotStart\tCP_Drtn\t0\tA300\tRecepción\t0\t0\tCS_MEOB\t2026-05-29 17:00\t\t\t',
    '%T\tTASKPRED',
    '%F\ttask_pred_id\ttask_id\tpred_task_id\tproj_id\tpred_proj_id\tpred_type\tlag_hr_cnt',
    '%R\t1\t2\t1\t1\t1\tPR_FS\t0',
    '%R\t2\t3\t2\t1\t1\tPR_SS\t16',
    '%R\t3\t4\t3\t1\t1\tPR_FF\t-4',
    '%E',
  ].join('\n');

  it('a task planned at 0 hours that P6 shows worked keeps both actual dates: 1 day, named; one not started stays 0', () => {
    const extra = [
      '%R\t5\t1\t101\t10\tTT_Task\tTK_Complete\tCP_Drtn\t0\tA120\tReplanteo\t0\t0\t\t\t2026-03-02 08:00\t2026-03-04 17:00\t',
      '%R\t6\t1\t101\t10\tTT_Task\tTK_NotStart\tCP_Drtn\t0\tA130\tVisto bueno\t0\t0\t\t\t\t\t',
    ];
    const parsed = parseXer(file.replace('%T\tTASKPRED', `${extra.join('\n')}\n%T\tTASKPRED`));
    if (!parsed.ok) throw new Error(parsed.error);
    const result = mapXer(parsed.xer);
    if (!result.ok) throw new Error(result.error);
    const byName = new Map(result.schedule.tasks.map((task) => [task.name, task]));
    expect(byName.get('Replanteo')).toMatchObject({
      duration: 1,
      actualStart: '2026-03-02',
      actualFinish: '2026-03-04',
    });
    expect(byName.get('Visto bueno')?.duration).toBe(0);
    expect(result.schedule.warnings).toContain(
      'Las actividades de duración 0 que no son hitos y ya comenzaron se importaron con 1 día, para conservar sus fechas reales: A120 Replanteo.',
    );
  });

  it("issue 34: a 'Mandatory Start' is a must-start-on on its day, not named as left out", () => {
    const parsed = parseXer(
      file.replace(
        '%R\t3\t1\t102\t10\tTT_Task\tTK_NotStart\tCP_Phys\t0\tA200\tTabiques\t36\t36\tCS_MSOA\t2026-04-01 08:00',
        '%R\t3\t1\t102\t10\tTT_Task\tTK_NotStart\tCP_Phys\t0\tA200\tTabiques\t36\t36\tCS_MANDSTART\t2026-03-04 08:00',
      ),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const result = mapXer(parsed.xer);
    if (!result.ok) throw new Error(result.error);
    const tabiques = result.schedule.tasks.find((task) => task.name === 'Tabiques');
    expect(tabiques).toMatchObject({ start: '2026-03-04', mustStartOn: true });
    // (its 36 hours are rounded, as before; its constraint is not named as left out)
    expect(result.schedule.warnings.filter((warning) => warning.includes('Tabiques'))).toEqual([
      'Se redondearon a días completos las duraciones de: A200 Tabiques.',
    ]);
  });

  it('keeps one link per pair of activities, leaves out a self link and limits a huge lag, naming each', () => {
    const extra = [
      '%R\t4\t2\t1\t1\t1\tPR_SS\t0',
      '%R\t5\t1\t1\t1\t1\tPR_FS\t0',
      `%R\t6\t3\t1\t1\t1\tPR_FS\t${8 * (MAX_LAG + 5)}`,
      '%E',
    ];
    const parsed = parseXer(file.replace(/%E$/, extra.join('\n')));
    if (!parsed.ok) throw new Error(parsed.error);
    const result = mapXer(parsed.xer);
    if (!result.ok) throw new Error(result.error);
    const { links, warnings } = result.schedule;
    const uid = (name: string) => result.schedule.tasks.find((task) => task.name === name)?.uid;
    expect(links.filter((link) => link.from === uid('Excavación') && link.to === uid('Fundaciones'))).toEqual([
      { from: uid('Excavación'), to: uid('Fundaciones'), type: 'FS', lag: 0 },
    ]);
    expect(links.find((link) => link.from === uid('Excavación') && link.to === uid('Tabiques'))?.lag).toBe(MAX_LAG);
    expect(links.some((link) => link.from === link.to)).toBe(false);
    expect(warnings).toEqual(
      expect.arrayContaining([
        'Se omitieron los vínculos de una actividad consigo misma: A100 → A100.',
        'Cimiento admite un solo vínculo entre dos actividades: se conservó el primero del archivo y se omitieron: A100 → A110 (SS; se conservó FS).',
        `Se limitaron a ${MAX_LAG} días los desfases de los vínculos: A100 → A200.`,
      ]),
    );
  });

  it('maps the WBS, activities, durations, progress, constraints, links and calendar as written', () => {
    const parsed = parseXer(file);
    if (!parsed.ok) throw new Error(parsed.error);
    const result = mapXer(parsed.xer);
    if (!result.ok) throw new Error(result.error);
    const { schedule } = result;
    expect(schedule.projectName).toBe('Edificio Los Aromos');
    expect(schedule.projectStart).toBe('2026-03-02');
    expect(schedule.calendarName).toBe('Lunes a viernes');
    // 46094 = 2026-03-13 (a Friday off)
    expect(schedule.calendar).toEqual({
      workingWeekdays: [1, 2, 3, 4, 5],
      exceptions: [{ date: '2026-03-13', name: 'Lunes a viernes', working: false }],
    });
    expect(schedule.cutoff).toBe('2026-03-11');
    expect(
      schedule.tasks.map(({ uid, parentUid, name, duration, summary, progress, start, actualStart, actualFinish }) => ({
        uid,
        parentUid,
        name,
        duration,
        summary,
        progress,
        start,
        actualStart,
        actualFinish,
      })),
    ).toEqual([
      // WBS in seq_num order (OG before TER); the empty one left out
      {
        uid: 1,
        parentUid: undefined,
        name: 'Obra gruesa',
        duration: 0,
        summary: true,
        progress: 0,
        start: '2026-03-02',
        actualStart: undefined,
        actualFinish: undefined,
      },
      {
        uid: 2,
        parentUid: 1,
        name: 'Excavación',
        duration: 5,
        summary: false,
        progress: 100,
        start: '2026-03-02',
        actualStart: '2026-03-02',
        actualFinish: '2026-03-06',
      },
      // 80 h at 8 h a day, 20 left: 75 % by duration
      {
        uid: 3,
        parentUid: 1,
        name: 'Fundaciones',
        duration: 10,
        summary: false,
        progress: 75,
        start: '2026-03-02',
        actualStart: '2026-03-09',
        actualFinish: undefined,
      },
      {
        uid: 4,
        parentUid: undefined,
        name: 'Terminaciones',
        duration: 0,
        summary: true,
        progress: 0,
        start: '2026-03-02',
        actualStart: undefined,
        actualFinish: undefined,
      },
      // 36 h: 4,5 days, rounded; 'start on or after' 01-04 its start
      {
        uid: 5,
        parentUid: 4,
        name: 'Tabiques',
        duration: 5,
        summary: false,
        progress: 0,
        start: '2026-04-01',
        actualStart: undefined,
        actualFinish: undefined,
      },
      {
        uid: 6,
        parentUid: 4,
        name: 'Recepción',
        duration: 0,
        summary: false,
        progress: 0,
        start: '2026-03-02',
        actualStart: undefined,
        actualFinish: undefined,
      },
    ]);
    expect(schedule.links).toEqual([
      { from: 2, to: 3, type: 'FS', lag: 0 },
      { from: 3, to: 5, type: 'SS', lag: 2 },
      { from: 5, to: 6, type: 'FF', lag: -1 },
    ]);
    expect(schedule.warnings).toEqual([
      'Se omitieron los nodos de la EDT sin actividades: VAC Sin actividades.',
      'Se redondearon a días completos las duraciones de: A200 Tabiques.',
      'Se omitieron restricciones que Cimiento no aplica en: A300 Recepción (Fin en o antes de).',
      'Se redondearon a días completos los desfases de los vínculos: A200 → A300.',
    ]);
  });
});
