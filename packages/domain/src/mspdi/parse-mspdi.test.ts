import { describe, expect, it } from 'vitest';
import { MAX_IMPORTED_TASKS } from '../functions/exchange-contracts';
import { formatNumber } from '../format/money';
import { findUnsafeCharacter } from '../functions/common';
import { DOCTYPE_REFUSED, NOT_MSPDI, parseMspdi } from './parse-mspdi';
import { importedProjectRecords } from './imported-project';
import { calendarXml, leaf, mspdiFile, readSample, taskXml } from './mspdi-test-support';
import type { ImportedSchedule } from './types';

function parsed(xml: string): ImportedSchedule {
  const result = parseMspdi(xml);
  if (!result.ok) throw new Error(result.error);
  return result.schedule;
}

function refused(xml: string): string {
  const result = parseMspdi(xml);
  if (result.ok) throw new Error('se esperaba un rechazo');
  return result.error;
}

const projectRow = (name: string) => taskXml({ UID: 0, ID: 0, Name: name, OutlineLevel: 0, Summary: 1 });
const byUid = (schedule: ImportedSchedule, uid: number) => {
  const task = schedule.tasks.find((candidate) => candidate.uid === uid);
  if (!task) throw new Error(`no task ${uid}`);
  return task;
};

describe('parseMspdi: security and refusals', () => {
  it('refuses a DOCTYPE, an entity bomb and an external entity before parsing', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><Project xmlns="http://schemas.microsoft.com/project"><Name>&lol3;</Name><Tasks/></Project>`;
    expect(refused(bomb)).toBe(DOCTYPE_REFUSED);
    const external = `<?xml version="1.0"?><!DOCTYPE Project [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Project xmlns="http://schemas.microsoft.com/project"><Name>&xxe;</Name><Tasks/></Project>`;
    expect(refused(external)).toBe(DOCTYPE_REFUSED);
    expect(refused(`<!doctype Project><Project xmlns="http://schemas.microsoft.com/project"><Tasks/></Project>`)).toBe(
      DOCTYPE_REFUSED,
    );
    expect(refused(`<Project xmlns="http://schemas.microsoft.com/project"><!ENTITY a "b"><Tasks/></Project>`)).toBe(
      DOCTYPE_REFUSED,
    );
    expect(DOCTYPE_REFUSED).toMatch(
      /^El archivo contiene una declaración DOCTYPE o entidades, que no se aceptan por seguridad\./,
    );
  });

  it('decodes only the five XML entities and character references', () => {
    const schedule = parsed(
      mspdiFile({ tasks: [leaf(1, 'A &amp; B &lt;C&gt; &quot;D&quot; &apos;E&apos; &#209;u&#xF1;oa', 1)] }),
    );
    expect(schedule.tasks[0]?.name).toBe('A & B <C> "D" \'E\' Ñuñoa');
    // an HTML entity is not an XML one: left as written
    expect(parsed(mspdiFile({ tasks: [leaf(1, 'a&amp;nbsp;b', 1)] })).tasks[0]?.name).toBe('a&nbsp;b');
  });

  it('never decodes a reference to a control character (C0, DEL, C1) or a surrogate into a name (issue 17)', () => {
    for (const reference of ['&#0;', '&#x1B;', '&#127;', '&#x85;', '&#159;', '&#xD800;']) {
      const name = parsed(mspdiFile({ tasks: [leaf(1, `a${reference}b`, 1)] })).tasks[0]?.name ?? '';
      expect(name).toBe(`a${reference}b`);
      expect(findUnsafeCharacter(name)).toBeUndefined();
    }
    // tab and line breaks, and the first printable character past C1, are text
    expect(parsed(mspdiFile({ tasks: [leaf(1, 'a&#9;b&#xA0;c', 1)] })).tasks[0]?.name).toBe('a\tb\u00a0c');
  });

  it('refuses malformed XML naming the line', () => {
    const error = refused(
      '<?xml version="1.0"?>\n<Project xmlns="http://schemas.microsoft.com/project">\n<Tasks><Task></Tasks>\n</Project>',
    );
    expect(error).toMatch(/^El archivo no es un XML válido: hay un error en la línea 3/);
    expect(refused('esto no es XML')).toMatch(/^El archivo no es un XML válido/);
  });

  it('refuses an XML that is not MSPDI: another root, another namespace, no <Tasks>', () => {
    expect(refused('<?xml version="1.0"?><Workbook><Tasks/></Workbook>')).toBe(NOT_MSPDI);
    expect(refused('<Project xmlns="http://example.com/other"><Tasks/></Project>')).toBe(NOT_MSPDI);
    expect(refused('<Project><Tasks/></Project>')).toBe(NOT_MSPDI);
    expect(refused('<Project xmlns="http://schemas.microsoft.com/project"><Name>x</Name></Project>')).toBe(NOT_MSPDI);
    expect(NOT_MSPDI).toMatch(/^El archivo no es un XML de MS Project \(MSPDI\)/);
  });

  it(`refuses more than ${MAX_IMPORTED_TASKS} tasks, naming the limit (the project row is not a task)`, () => {
    const tasks = Array.from(
      { length: MAX_IMPORTED_TASKS },
      (_, i) => `<Task><UID>${i + 1}</UID><Duration>PT8H0M0S</Duration></Task>`,
    );
    expect(parsed(mspdiFile({ tasks: [projectRow('P'), ...tasks] })).tasks).toHaveLength(MAX_IMPORTED_TASKS);
    tasks.push(`<Task><UID>${MAX_IMPORTED_TASKS + 1}</UID></Task>`);
    expect(refused(mspdiFile({ tasks: [projectRow('P'), ...tasks] }))).toBe(
      `El archivo tiene ${formatNumber(MAX_IMPORTED_TASKS + 1)} tareas; Cimiento importa como máximo ${formatNumber(MAX_IMPORTED_TASKS)} por proyecto. Divide el proyecto en MS Project y vuelve a intentarlo.`,
    );
  }, 120_000); // two parses of 100,000 tasks: a few seconds on a busy machine

  it('reads a file starting with a byte-order mark', () => {
    expect(parsed(`\uFEFF${mspdiFile({ tasks: [leaf(1, 'A', 1)] })}`).tasks).toHaveLength(1);
  });
});

describe('parseMspdi: tasks and outline', () => {
  it("takes MS Project's UID 0 row as the project, not a task, and names the project with it", () => {
    const schedule = parsed(mspdiFile({ tasks: [projectRow('Edificio Ñuñoa'), leaf(1, 'A', 1)] }));
    expect(schedule.projectName).toBe('Edificio Ñuñoa');
    expect(schedule.tasks.map((task) => task.uid)).toEqual([1]);
    expect(schedule.projectStart).toBe('2025-03-03');
  });

  it('names the project by <Title>, else <Name> without .xml, when the project row has no name', () => {
    expect(
      parsed(mspdiFile({ tasks: [projectRow(''), leaf(1, 'A', 1)], header: '<Title>Obra</Title>' })).projectName,
    ).toBe('Obra');
    expect(parsed(mspdiFile({ tasks: [leaf(1, 'A', 1)] })).projectName).toBe('prueba');
  });

  it('keeps a real task at OutlineLevel 0 (ProjectLibre) and parents by the nearest preceding lower level', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          leaf(1, 'Proyecto', 0, 0, { Summary: 0 }),
          leaf(2, 'Fase 1', 0, 1, { Summary: 0 }),
          leaf(3, 'A', 2, 2),
          leaf(4, 'B', 3, 2),
          leaf(5, 'Fase 2', 0, 1),
          leaf(6, 'C', 1, 2),
          leaf(7, 'Fin', 0, 1),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => [task.uid, task.parentUid, task.summary])).toEqual([
      [1, undefined, true],
      [2, 1, true],
      [3, 2, false],
      [4, 2, false],
      [5, 1, true],
      [6, 5, false],
      [7, 1, false],
    ]);
  });

  it('a task is a summary by its children whatever <Summary> says', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [leaf(1, 'Padre', 0, 1, { Summary: 0 }), leaf(2, 'Hija', 1, 2), leaf(3, 'Sola', 2, 1, { Summary: 1 })],
      }),
    );
    expect(byUid(schedule, 1).summary).toBe(true);
    expect(byUid(schedule, 3).summary).toBe(false);
  });

  it('skips blank rows (IsNull = 1) and tasks without a usable UID, with a warning', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          leaf(1, 'A', 1),
          taskXml({ UID: 2, IsNull: 1 }),
          leaf(3, 'B', 1),
          taskXml({ Name: 'Sin UID', OutlineLevel: 1 }),
          leaf(3, 'B repetida', 1),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => task.uid)).toEqual([1, 3]);
    expect(schedule.warnings).toContain(
      'Se omitieron tareas sin un identificador único (UID) válido o con el UID repetido: Sin UID, B repetida.',
    );
  });

  it("names a task without a name 'Tarea {UID}' and keeps the file's Start and Finish", () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          taskXml({
            UID: 9,
            OutlineLevel: 1,
            Duration: 'PT8H0M0S',
            Start: '2025-03-04T08:00:00',
            Finish: '2025-03-04T17:00:00',
          }),
        ],
      }),
    );
    expect(schedule.tasks[0]).toMatchObject({
      name: 'Tarea 9',
      fileStart: '2025-03-04T08:00:00',
      fileFinish: '2025-03-04T17:00:00',
    });
  });

  it('reads PercentComplete as progress, within 0–100', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          leaf(1, 'A', 1, 1, { PercentComplete: 35 }),
          leaf(2, 'B', 1, 1, { PercentComplete: 150 }),
          leaf(3, 'C', 1, 1, { PercentComplete: -5 }),
          leaf(4, 'D', 1),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => task.progress)).toEqual([35, 100, 0, 0]);
  });
});

describe('parseMspdi: durations', () => {
  it('converts working time to days with the file MinutesPerDay; a zero duration is a milestone', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          taskXml({ UID: 1, Name: 'A', OutlineLevel: 1, Duration: 'PT16H0M0S' }),
          taskXml({ UID: 2, Name: 'Hito', OutlineLevel: 1, Duration: 'PT0H0M0S' }),
          taskXml({ UID: 3, Name: 'Días', OutlineLevel: 1, Duration: 'P2DT0H0M0S' }),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => task.duration)).toEqual([2, 0, 6]);
    expect(schedule.warnings).toEqual([]);
    const tenHourDays = parsed(
      mspdiFile({ tasks: [taskXml({ UID: 1, Name: 'A', OutlineLevel: 1, Duration: 'PT30H0M0S' })] }).replace(
        '<MinutesPerDay>480</MinutesPerDay>',
        '<MinutesPerDay>600</MinutesPerDay>',
      ),
    );
    expect(tenHourDays.tasks[0]?.duration).toBe(3);
  });

  it('rounds to whole days (a task with work takes at least one) and names the rounded tasks', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          taskXml({ UID: 1, Name: 'Media', OutlineLevel: 1, Duration: 'PT12H0M0S' }),
          taskXml({ UID: 2, Name: 'Corta', OutlineLevel: 1, Duration: 'PT2H30M0S' }),
          taskXml({ UID: 3, Name: 'Exacta', OutlineLevel: 1, Duration: 'PT24H0M0S' }),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => task.duration)).toEqual([2, 1, 3]);
    expect(schedule.warnings).toEqual(['Se redondearon a días completos las duraciones de: Media, Corta.']);
  });

  it('converts elapsed durations (DurationFormat 4–12 even, 36–44 even) to working days, with a warning', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          // 7 elapsed days on a Monday–Friday calendar: 5 working days
          taskXml({ UID: 1, Name: 'Fraguado', OutlineLevel: 1, Duration: 'PT168H0M0S', DurationFormat: 8 }),
          taskXml({ UID: 2, Name: 'Secado', OutlineLevel: 1, Duration: 'PT336H0M0S', DurationFormat: 40 }),
          taskXml({ UID: 3, Name: 'Normal', OutlineLevel: 1, Duration: 'PT168H0M0S', DurationFormat: 7 }),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => task.duration)).toEqual([5, 10, 21]);
    expect(schedule.warnings).toEqual([
      'Se convirtieron a días hábiles las duraciones transcurridas (días corridos) de: Fraguado, Secado. Revisa sus duraciones.',
    ]);
  });

  it('imports a negative duration as 0 and clamps an absurd one to 10,000 days, with warnings', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          taskXml({ UID: 1, Name: 'Negativa', OutlineLevel: 1, Duration: '-PT8H0M0S' }),
          taskXml({ UID: 2, Name: 'Eterna', OutlineLevel: 1, Duration: 'PT999999H0M0S' }),
          taskXml({ UID: 3, Name: 'Ilegible', OutlineLevel: 1, Duration: 'ocho días' }),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => task.duration)).toEqual([0, 10_000, 0]);
    expect(schedule.warnings).toEqual([
      'Las duraciones negativas se importaron como 0 (hito) en: Negativa.',
      'Se acortaron a 10000 días hábiles las duraciones de: Eterna.',
      'No se pudo leer la duración de: Ilegible; se importaron como hitos (duración 0).',
    ]);
  });
});

describe('parseMspdi: links', () => {
  const base = (links: Record<string, string | number>[], extra: string[] = []) =>
    mspdiFile({
      tasks: [projectRow('P'), leaf(1, 'A', 4), leaf(2, 'B', 1, 1, {}), ...extra].map((xml, index) =>
        index === 2 ? taskXml({ UID: 2, Name: 'B', OutlineLevel: 1, Duration: 'PT8H0M0S' }, links) : xml,
      ),
    });

  it('maps Type 0 = FF, 1 = FS, 2 = SF, 3 = SS (missing: FS)', () => {
    const types = [0, 1, 2, 3].map(
      (type) => parsed(base([{ PredecessorUID: 1, Type: type, LinkLag: 0, LagFormat: 7 }])).links[0]?.type,
    );
    expect(types).toEqual(['FF', 'FS', 'SF', 'SS']);
    expect(parsed(base([{ PredecessorUID: 1 }])).links).toEqual([{ from: 1, to: 2, type: 'FS', lag: 0 }]);
  });

  it('reads LinkLag in tenths of a working minute whatever LagFormat says; leads stay negative', () => {
    const lag = (linkLag: number, lagFormat: number) =>
      parsed(base([{ PredecessorUID: 1, Type: 1, LinkLag: linkLag, LagFormat: lagFormat }])).links[0]?.lag;
    expect(lag(4800, 7)).toBe(1);
    expect(lag(24000, 9)).toBe(5);
    expect(lag(48000, 9)).toBe(10);
    expect(lag(-72000, 7)).toBe(-15);
    expect(lag(9600, 5)).toBe(2);
  });

  it('rounds a lag to whole days with a warning naming the successor', () => {
    const schedule = parsed(base([{ PredecessorUID: 1, Type: 1, LinkLag: 7200, LagFormat: 5 }]));
    expect(schedule.links[0]?.lag).toBe(2);
    expect(schedule.warnings).toEqual(['Se redondearon a días completos los desfases de los vínculos hacia: B.']);
  });

  it("converts a percent lag (LagFormat 19/20) to days of the predecessor's duration, with a warning", () => {
    const schedule = parsed(base([{ PredecessorUID: 1, Type: 3, LinkLag: 50, LagFormat: 19 }]));
    expect(schedule.links).toEqual([{ from: 1, to: 2, type: 'SS', lag: 2 }]);
    expect(schedule.warnings).toEqual([
      'Se convirtieron a días los desfases en porcentaje (de la duración de la predecesora) de los vínculos hacia: B.',
    ]);
  });

  it('converts an elapsed lag (LagFormat 8) to working days, with a warning', () => {
    // 7 elapsed days = 10,080 elapsed minutes = 100,800 tenths
    const schedule = parsed(base([{ PredecessorUID: 1, Type: 1, LinkLag: 100_800, LagFormat: 8 }]));
    expect(schedule.links[0]?.lag).toBe(5);
    expect(schedule.warnings).toEqual([
      'Se convirtieron a días hábiles los desfases transcurridos de los vínculos hacia: B.',
    ]);
  });

  it('drops links to unknown tasks, to the project row, to itself, external and repeated ones, with warnings', () => {
    const schedule = parsed(
      base([
        { PredecessorUID: 1, Type: 1 },
        { PredecessorUID: 1, Type: 3 },
        { PredecessorUID: 99, Type: 1 },
        { PredecessorUID: 0, Type: 1 },
        { PredecessorUID: 2, Type: 1 },
        { PredecessorUID: 1, Type: 1, CrossProject: 1 },
      ]),
    );
    expect(schedule.links).toEqual([{ from: 1, to: 2, type: 'FS', lag: 0 }]);
    expect(schedule.warnings).toEqual([
      'Se omitieron los vínculos con tareas que no están en el archivo (o con la tarea de resumen del proyecto) de: B.',
      'Se omitieron los vínculos con tareas de otros proyectos de: B.',
      'Se omitieron los vínculos de una tarea consigo misma: B.',
      'Se omitieron los vínculos repetidos entre las mismas tareas hacia: B.',
    ]);
  });

  it('keeps links into and out of summaries', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          leaf(1, 'Fase 1', 0, 1),
          leaf(2, 'A', 2, 2),
          taskXml({ UID: 3, Name: 'Fase 2', OutlineLevel: 1 }, [{ PredecessorUID: 1, Type: 1 }]),
          taskXml({ UID: 4, Name: 'B', OutlineLevel: 2, Duration: 'PT8H0M0S' }),
          taskXml({ UID: 5, Name: 'C', OutlineLevel: 1, Duration: 'PT8H0M0S' }, [{ PredecessorUID: 3, Type: 0 }]),
        ],
      }),
    );
    expect(schedule.links).toEqual([
      { from: 1, to: 3, type: 'FS', lag: 0 },
      { from: 3, to: 5, type: 'FF', lag: 0 },
    ]);
  });
});

describe('parseMspdi: constraints and what is not carried over', () => {
  it('SNET (4) and MSO (2) become the start no earlier than; others start on the project start', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          leaf(1, 'SNET', 1, 1, { ConstraintType: 4, ConstraintDate: '2025-03-12T08:00:00' }),
          leaf(2, 'MSO', 1, 1, { ConstraintType: 2, ConstraintDate: '2025-03-20T13:00:00' }),
          leaf(3, 'Libre', 1, 1, { ConstraintType: 0, ConstraintDate: '1970-01-01T00:00:00' }),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => task.start)).toEqual(['2025-03-12', '2025-03-20', '2025-03-03']);
    expect(schedule.warnings).toEqual([]);
  });

  it("a summary's SNET holds back the tasks under it", () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          leaf(1, 'Fase', 0, 1, { ConstraintType: 4, ConstraintDate: '2025-03-10T08:00:00' }),
          leaf(2, 'A', 1, 2),
          leaf(3, 'B', 1, 2, { ConstraintType: 4, ConstraintDate: '2025-03-20T08:00:00' }),
          leaf(4, 'C', 1, 2, { ConstraintType: 4, ConstraintDate: '2025-03-05T08:00:00' }),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => task.start)).toEqual(['2025-03-10', '2025-03-10', '2025-03-20', '2025-03-10']);
  });

  it('warns once per kind of constraint not carried over, naming the tasks', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          leaf(1, 'Tarea A', 1, 1, { ConstraintType: 3, ConstraintDate: '2025-03-12T17:00:00' }),
          leaf(2, 'Tarea B', 1, 1, { ConstraintType: 3, ConstraintDate: '2025-03-12T17:00:00' }),
          leaf(3, 'Tarde', 1, 1, { ConstraintType: 1 }),
          leaf(4, 'SNLT', 1, 1, { ConstraintType: 5, ConstraintDate: '2025-03-12T08:00:00' }),
          leaf(5, 'FNET', 1, 1, { ConstraintType: 6, ConstraintDate: '2025-03-12T08:00:00' }),
          leaf(6, 'FNLT', 1, 1, { ConstraintType: 7, ConstraintDate: '2025-03-12T08:00:00' }),
        ],
      }),
    );
    expect(schedule.tasks.every((task) => task.start === '2025-03-03')).toBe(true);
    expect(schedule.warnings).toEqual([
      'No se importan las restricciones «Lo más tarde posible» de: Tarde; esas tareas se programan lo antes posible.',
      'No se importan las restricciones «Debe finalizar el» de: Tarea A, Tarea B; esas tareas se programan lo antes posible.',
      'No se importan las restricciones «No comenzar después del» de: SNLT; esas tareas se programan lo antes posible.',
      'No se importan las restricciones «No finalizar antes del» de: FNET; esas tareas se programan lo antes posible.',
      'No se importan las restricciones «No finalizar después del» de: FNLT; esas tareas se programan lo antes posible.',
    ]);
  });

  it('issue 15: carries actual dates at a cut-off, the status date or the day after the latest actual date', () => {
    const tasks = [
      leaf(1, 'Terminada', 3, 1, {
        PercentComplete: 100,
        ActualStart: '2025-03-03T08:00:00',
        ActualFinish: '2025-03-06T17:00:00',
      }),
      leaf(2, 'En curso', 5, 1, { PercentComplete: 40, ActualStart: '2025-03-05T08:00:00' }),
      leaf(3, 'Sin comenzar', 2),
      // MS Project's 100 % without the finish: only its % comes in
      leaf(4, 'Incompleta', 2, 1, { PercentComplete: 100, ActualStart: '2025-03-03T08:00:00' }),
    ];
    const withStatus = parsed(mspdiFile({ tasks, header: '<StatusDate>2025-03-10T17:00:00</StatusDate>' }));
    // MS Project's status date at 17:00: that day is recorded, the remaining work starts the next
    expect(withStatus.cutoff).toBe('2025-03-11');
    expect(withStatus.tasks.map((task) => [task.name, task.progress, task.actualStart, task.actualFinish])).toEqual([
      ['Terminada', 100, '2025-03-03', '2025-03-06'],
      ['En curso', 40, '2025-03-05', undefined],
      ['Sin comenzar', 0, undefined, undefined],
      ['Incompleta', 100, undefined, undefined],
    ]);
    expect(withStatus.warnings).toEqual([
      expect.stringContaining('No se importan las fechas reales (comienzo o fin real) de: Incompleta, porque'),
    ]);
    // no status date, or one before the work recorded: the day after the latest actual date (issue 34:
    // that day's work is recorded; the remaining work starts the next)
    expect(parsed(mspdiFile({ tasks })).cutoff).toBe('2025-03-07');
    expect(parsed(mspdiFile({ tasks, header: '<StatusDate>2025-03-04T17:00:00</StatusDate>' })).cutoff).toBe(
      '2025-03-07',
    );
    // a status date on the latest actual date's day (at its start, as Cimiento writes it) is kept
    expect(parsed(mspdiFile({ tasks, header: '<StatusDate>2025-03-06T08:00:00</StatusDate>' })).cutoff).toBe(
      '2025-03-06',
    );
    // no actual dates: no cut-off, even with a status date
    expect(
      parsed(mspdiFile({ tasks: [leaf(1, 'A', 1)], header: '<StatusDate>2025-03-04T17:00:00</StatusDate>' })).cutoff,
    ).toBeUndefined();
  });

  it('issue 34: a cut-off the file did not give: the tasks not started MS Project shows before it keep their start as a must-start-on, said', () => {
    const tasks = [
      leaf(1, 'Terminada', 3, 1, {
        PercentComplete: 100,
        Start: '2025-03-03T08:00:00',
        ActualStart: '2025-03-03T08:00:00',
        ActualFinish: '2025-03-12T17:00:00',
      }),
      leaf(2, 'Antes', 2, 1, { Start: '2025-03-04T08:00:00' }),
      leaf(3, 'Después', 2, 1, { Start: '2025-03-20T08:00:00' }),
    ];
    const held =
      'la fecha de corte es el día siguiente a su última fecha real (13-03-2025), y las tareas sin comenzar que MS Project programa antes de ella conservan su inicio como restricción «Debe comenzar el»: Antes.';
    const schedule = parsed(mspdiFile({ tasks }));
    expect(schedule.warnings).toEqual([`El archivo no tiene fecha de estado: ${held}`]);
    expect(schedule.cutoff).toBe('2025-03-13');
    const [, before, after] = schedule.tasks;
    expect(before).toMatchObject({ start: '2025-03-04', mustStartOn: true });
    expect(after?.mustStartOn).toBeUndefined();
    expect(parsed(mspdiFile({ tasks, header: '<StatusDate>2025-03-05T08:00:00</StatusDate>' })).warnings).toEqual([
      `La fecha de estado del archivo (05-03-2025) es anterior a su avance: ${held}`,
    ]);
    // a status date on or after the progress: the file's own cut-off, nothing to say, nothing fixed
    const given = parsed(mspdiFile({ tasks, header: '<StatusDate>2025-03-13T08:00:00</StatusDate>' }));
    expect(given.warnings).toEqual([]);
    expect(given.tasks.some((task) => task.mustStartOn === true)).toBe(false);
  });

  it('issue 34: a leaf under way keeps its RemainingDuration when it is not what its % complete leaves', () => {
    const tasks = [
      // 10 days at 50 %: 5 left by the progress, 8 left in the file (64 working hours)
      leaf(1, 'Más lenta', 10, 1, {
        PercentComplete: 50,
        ActualStart: '2025-03-03T08:00:00',
        RemainingDuration: 'PT64H0M0S',
      }),
      // the file's remaining is what the progress leaves: nothing to keep
      leaf(2, 'Al ritmo', 10, 1, {
        PercentComplete: 50,
        ActualStart: '2025-03-03T08:00:00',
        RemainingDuration: 'PT40H0M0S',
      }),
      // 2.5 days (20 hours) left take 3 whole days; 0 left (to be closed) is kept as 0
      leaf(3, 'Fracción', 10, 1, {
        PercentComplete: 90,
        ActualStart: '2025-03-03T08:00:00',
        RemainingDuration: 'PT20H0M0S',
      }),
      leaf(4, 'Por cerrar', 10, 1, {
        PercentComplete: 60,
        ActualStart: '2025-03-03T08:00:00',
        RemainingDuration: 'PT0H0M0S',
      }),
      // done or not started: a remaining duration means nothing
      leaf(5, 'Terminada', 3, 1, {
        PercentComplete: 100,
        ActualStart: '2025-03-03T08:00:00',
        ActualFinish: '2025-03-05T17:00:00',
        RemainingDuration: 'PT16H0M0S',
      }),
      leaf(6, 'Sin comenzar', 3, 1, { RemainingDuration: 'PT16H0M0S' }),
    ];
    const schedule = parsed(mspdiFile({ tasks, header: '<StatusDate>2025-03-07T17:00:00</StatusDate>' }));
    expect(schedule.tasks.map((task) => [task.name, task.remaining])).toEqual([
      ['Más lenta', 8],
      ['Al ritmo', undefined],
      ['Fracción', 3],
      ['Por cerrar', 0],
      ['Terminada', undefined],
      ['Sin comenzar', undefined],
    ]);
  });

  it('issue 34: Resume places the remaining work of a leaf under way, where MS Project shows it', () => {
    const tasks = [
      // stopped at noon Wednesday 5, resumed at 13:00 the same day (MS Project without a status date)
      leaf(1, 'Al mediodía', 10, 1, {
        PercentComplete: 25,
        ActualStart: '2025-03-03T08:00:00',
        Resume: '2025-03-05T13:00:00',
      }),
      // stopped at the end of Friday 7: resumes Saturday 8, the next working day for the engine
      leaf(2, 'Al cierre', 10, 1, {
        PercentComplete: 50,
        ActualStart: '2025-03-03T08:00:00',
        Resume: '2025-03-07T17:00:00',
      }),
      // interrupted until Monday 24
      leaf(3, 'Interrumpida', 10, 1, {
        PercentComplete: 20,
        ActualStart: '2025-03-03T08:00:00',
        Resume: '2025-03-24T08:00:00',
      }),
      // done, or a Resume before its actual start: nothing kept
      leaf(4, 'Terminada', 2, 1, {
        PercentComplete: 100,
        ActualStart: '2025-03-03T08:00:00',
        ActualFinish: '2025-03-04T17:00:00',
        Resume: '2025-03-04T17:00:00',
      }),
      leaf(5, 'Al revés', 10, 1, {
        PercentComplete: 20,
        ActualStart: '2025-03-05T08:00:00',
        Resume: '2025-03-04T08:00:00',
      }),
    ];
    const resumes = (schedule: ImportedSchedule) => schedule.tasks.map((task) => [task.name, task.resume]);
    expect(resumes(parsed(mspdiFile({ tasks })))).toEqual([
      ['Al mediodía', '2025-03-05'],
      ['Al cierre', '2025-03-08'],
      ['Interrumpida', '2025-03-24'],
      ['Terminada', undefined],
      ['Al revés', undefined],
    ]);
    // with a status date (Monday 10) as the cut-off too: MS Project leaves the remaining work at its
    // Resume until asked to move it
    expect(
      resumes(parsed(mspdiFile({ tasks, header: '<StatusDate>2025-03-10T08:00:00</StatusDate>' }))).map(
        ([, resume]) => resume,
      ),
    ).toEqual(['2025-03-05', '2025-03-08', '2025-03-24', undefined, undefined]);
  });

  it('issue 34: an MSO constraint on a leaf is a must-start-on (an SNET is not)', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          leaf(1, 'Fija', 2, 1, { ConstraintType: 2, ConstraintDate: '2025-03-12T08:00:00' }),
          leaf(2, 'Desde', 2, 1, { ConstraintType: 4, ConstraintDate: '2025-03-12T08:00:00' }),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => [task.name, task.start, task.mustStartOn])).toEqual([
      ['Fija', '2025-03-12', true],
      ['Desde', '2025-03-12', undefined],
    ]);
  });

  it('caps the names in a warning at ten, then "y N más"', () => {
    const tasks = Array.from({ length: 13 }, (_, i) =>
      leaf(i + 1, `T${i + 1}`, 1, 1, { ConstraintType: 7, ConstraintDate: '2025-03-12T08:00:00' }),
    );
    expect(parsed(mspdiFile({ tasks })).warnings[0]).toBe(
      'No se importan las restricciones «No finalizar después del» de: T1, T2, T3, T4, T5, T6, T7, T8, T9, T10 y 3 más; esas tareas se programan lo antes posible.',
    );
  });

  it('warns about actual dates, task calendars, splits, manual and recurring tasks; brings resources in (issue 35)', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          // an actual finish without its actual start breaks the progress rules: only its % comes in
          leaf(1, 'Real', 1, 1, { ActualFinish: '2025-03-03T17:00:00' }),
          leaf(2, 'Con recurso', 1),
          leaf(3, 'Sin recurso', 1),
          leaf(4, 'Calendario propio', 1, 1, { CalendarUID: 3 }),
          leaf(5, 'Manual', 1, 1, { Manual: 1 }),
          leaf(6, 'Periódica', 1, 1, { Recurring: 1 }),
          taskXml({ UID: 7, Name: 'Dividida', OutlineLevel: 1, Duration: 'PT16H0M0S' }).replace(
            '</Task>',
            '<TimephasedData><Type>11</Type><UID>7</UID></TimephasedData></Task>',
          ),
          leaf(8, 'Calendario del proyecto', 1, 1, { CalendarUID: -1 }),
        ],
        after:
          '<Resources><Resource><UID>0</UID></Resource><Resource><UID>1</UID><Name>Maestro</Name></Resource></Resources>' +
          '<Assignments><Assignment><TaskUID>2</TaskUID><ResourceUID>1</ResourceUID></Assignment><Assignment><TaskUID>3</TaskUID><ResourceUID>-65535</ResourceUID></Assignment></Assignments>',
      }),
    );
    expect(schedule.warnings).toEqual([
      'No se importan las fechas reales (comienzo o fin real) de: Real, porque no cumplen las reglas del avance (un fin real necesita su comienzo real y no puede ser anterior a él; un avance del 100 % necesita el fin real); sí se importa su porcentaje completado.',
      'No se importan los calendarios propios de: Calendario propio; se programan con el calendario del proyecto.',
      'No se importan las divisiones (interrupciones) de: Dividida; se programan de forma continua.',
      'Las tareas programadas manualmente conservan su comienzo del archivo como «Comienzo no antes del»; desde ahora Cimiento las programa automáticamente: Manual.',
      'Las tareas periódicas se importan como tareas comunes, sin su periodicidad: Periódica.',
    ]);
    // issue 35: the named resource comes in with its assignment (1 unit: the Units MS Project leaves
    // out); the placeholder (UID 0, no name) and the unassigned (-65535) do not
    expect(schedule.tasks.find((task) => task.name === 'Con recurso')?.resources).toEqual([
      { resourceUid: 1, units: 1 },
    ]);
    expect(schedule.tasks.find((task) => task.name === 'Sin recurso')?.resources).toBeUndefined();
    expect(schedule.resources).toEqual([{ uid: 1, name: 'Maestro', kind: 'work', maxUnits: 1 }]);
  });

  it('warns that a schedule from the finish date is scheduled from its start', () => {
    const schedule = parsed(
      mspdiFile({ tasks: [leaf(1, 'A', 1)], header: '<ScheduleFromStart>0</ScheduleFromStart>' }),
    );
    expect(schedule.warnings).toEqual([
      'El proyecto se programa desde la fecha de fin en MS Project; Cimiento lo programa desde su fecha de comienzo.',
    ]);
  });

  it('takes the earliest task start when <StartDate> is missing, and refuses a file with no date at all', () => {
    const noStart = mspdiFile({
      tasks: [
        leaf(1, 'A', 1, 1, { Start: '2025-04-02T08:00:00' }),
        leaf(2, 'B', 1, 1, { Start: '2025-03-31T08:00:00' }),
      ],
    }).replace('<StartDate>2025-03-03T08:00:00</StartDate>', '');
    expect(parsed(noStart).projectStart).toBe('2025-03-31');
    const nothing = mspdiFile({ tasks: [leaf(1, 'A', 1)] }).replace('<StartDate>2025-03-03T08:00:00</StartDate>', '');
    expect(refused(nothing)).toMatch(/^El archivo no indica la fecha de comienzo del proyecto/);
  });
});

describe('parseMspdi: calendar', () => {
  it("takes the project's base calendar: weekdays 1 (Sunday) … 7 (Saturday) and its name", () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [leaf(1, 'A', 1)],
        calendars: `<Calendars>${calendarXml({ uid: 3, name: 'Otro', weekdays: [0] })}${calendarXml({ uid: 1, name: 'Turno lunes a sábado', weekdays: [1, 2, 3, 4, 5, 6] })}</Calendars>`,
      }),
    );
    expect(schedule.calendarName).toBe('Turno lunes a sábado');
    expect(schedule.calendar).toEqual({ workingWeekdays: [1, 2, 3, 4, 5, 6], exceptions: [] });
  });

  it('follows BaseCalendarUID for the weekdays a calendar leaves out', () => {
    const derived = `<Calendar><UID>1</UID><Name>Obra</Name><IsBaseCalendar>0</IsBaseCalendar><BaseCalendarUID>2</BaseCalendarUID><WeekDays><WeekDay><DayType>7</DayType><DayWorking>1</DayWorking></WeekDay><WeekDay><DayType>2</DayType><DayWorking>0</DayWorking></WeekDay></WeekDays></Calendar>`;
    const schedule = parsed(
      mspdiFile({
        tasks: [leaf(1, 'A', 1)],
        calendars: `<Calendars>${derived}${calendarXml({ uid: 2, name: 'Base', weekdays: [1, 2, 3, 4, 5] })}</Calendars>`,
      }),
    );
    expect(schedule.calendar.workingWeekdays).toEqual([2, 3, 4, 5, 6]);
  });

  it('falls back to Monday–Friday with a warning when the calendar has no working weekday', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [leaf(1, 'A', 1)],
        calendars: `<Calendars>${calendarXml({ uid: 1, name: 'Vacío', weekdays: [] })}</Calendars>`,
      }),
    );
    expect(schedule.calendar.workingWeekdays).toEqual([1, 2, 3, 4, 5]);
    expect(schedule.warnings).toEqual([
      'El calendario «Vacío» no tiene días laborables en la semana; se usa de lunes a viernes.',
    ]);
  });

  it('reads MS Project 2003 exceptions (WeekDay DayType 0 with a TimePeriod), one per date', () => {
    const exceptions =
      '<WeekDay><DayType>0</DayType><DayWorking>0</DayWorking><TimePeriod><FromDate>2025-09-18T00:00:00</FromDate><ToDate>2025-09-19T23:59:00</ToDate></TimePeriod></WeekDay>' +
      '<WeekDay><DayType>0</DayType><DayWorking>1</DayWorking><TimePeriod><FromDate>2025-03-08T00:00:00</FromDate><ToDate>2025-03-09T00:00:00</ToDate></TimePeriod></WeekDay>';
    const schedule = parsed(
      mspdiFile({
        tasks: [leaf(1, 'A', 1)],
        calendars: `<Calendars>${calendarXml({ uid: 1, name: 'Standard', weekdays: [1, 2, 3, 4, 5], weekDayExtra: exceptions })}</Calendars>`,
      }),
    );
    expect(schedule.calendar.exceptions).toEqual([
      { date: '2025-03-08', name: '', working: true },
      { date: '2025-09-18', name: '', working: false },
      { date: '2025-09-19', name: '', working: false },
    ]);
  });

  it('reads MS Project 2007+ <Exceptions> with their names (over the 2003 copy), including yearly and by-position ones', () => {
    const legacy =
      '<WeekDay><DayType>0</DayType><DayWorking>0</DayWorking><TimePeriod><FromDate>2025-01-01T00:00:00</FromDate><ToDate>2025-01-01T23:59:00</ToDate></TimePeriod></WeekDay>';
    const exceptions =
      '<Exceptions>' +
      '<Exception><EnteredByOccurrences>0</EnteredByOccurrences><TimePeriod><FromDate>2025-09-18T00:00:00</FromDate><ToDate>2025-09-19T23:59:00</ToDate></TimePeriod><Occurrences>1</Occurrences><Name>Fiestas Patrias</Name><Type>1</Type><DayWorking>0</DayWorking></Exception>' +
      '<Exception><TimePeriod><FromDate>2025-03-08T00:00:00</FromDate><ToDate>2025-03-08T23:59:00</ToDate></TimePeriod><Name>Sábado trabajado</Name><Type>1</Type><DayWorking>1</DayWorking></Exception>' +
      '<Exception><EnteredByOccurrences>1</EnteredByOccurrences><TimePeriod><FromDate>2025-12-25T00:00:00</FromDate><ToDate>2027-12-25T23:59:00</ToDate></TimePeriod><Occurrences>3</Occurrences><Name>Navidad</Name><Type>2</Type><Month>11</Month><MonthDay>25</MonthDay><DayWorking>0</DayWorking></Exception>' +
      '<Exception><TimePeriod><FromDate>2025-05-01T00:00:00</FromDate><ToDate>2025-05-31T23:59:00</ToDate></TimePeriod><Name>Segundo lunes</Name><Type>5</Type><MonthPosition>1</MonthPosition><MonthItem>4</MonthItem><DayWorking>0</DayWorking></Exception>' +
      '</Exceptions>';
    const schedule = parsed(
      mspdiFile({
        tasks: [leaf(1, 'A', 1)],
        calendars: `<Calendars>${calendarXml({ uid: 1, name: 'Standard', weekdays: [1, 2, 3, 4, 5], weekDayExtra: legacy, extra: exceptions })}</Calendars>`,
      }),
    );
    expect(schedule.calendar.exceptions).toEqual([
      { date: '2025-03-08', name: 'Sábado trabajado', working: true },
      // issue 34: by position, the second Monday of May
      { date: '2025-05-12', name: 'Segundo lunes', working: false },
      { date: '2025-09-18', name: 'Fiestas Patrias', working: false },
      { date: '2025-09-19', name: 'Fiestas Patrias', working: false },
      { date: '2025-12-25', name: 'Navidad', working: false },
      { date: '2026-12-25', name: 'Navidad', working: false },
      { date: '2027-12-25', name: 'Navidad', working: false },
    ]);
    expect(schedule.warnings).toEqual([]);
  });

  it('reads weekly recurring exceptions (DaysOfWeek mask)', () => {
    const exceptions =
      '<Exceptions><Exception><TimePeriod><FromDate>2025-03-01T00:00:00</FromDate><ToDate>2025-03-31T23:59:00</ToDate></TimePeriod><Name>Sábados de marzo</Name><Type>6</Type><Period>1</Period><DaysOfWeek>64</DaysOfWeek><DayWorking>1</DayWorking></Exception></Exceptions>';
    const schedule = parsed(
      mspdiFile({
        tasks: [leaf(1, 'A', 1)],
        calendars: `<Calendars>${calendarXml({ uid: 1, name: 'Standard', weekdays: [1, 2, 3, 4, 5], extra: exceptions })}</Calendars>`,
      }),
    );
    expect(schedule.calendar.exceptions.map((exception) => exception.date)).toEqual([
      '2025-03-01',
      '2025-03-08',
      '2025-03-15',
      '2025-03-22',
      '2025-03-29',
    ]);
  });

  it('caps the exceptions at 5,000 dates and warns about non-default work weeks', () => {
    const exceptions =
      '<Exceptions><Exception><TimePeriod><FromDate>2025-01-01T00:00:00</FromDate><ToDate>2045-12-31T23:59:00</ToDate></TimePeriod><Name>Paralización</Name><Type>1</Type><DayWorking>0</DayWorking></Exception></Exceptions>' +
      '<WorkWeeks><WorkWeek><TimePeriod><FromDate>2025-06-01T00:00:00</FromDate><ToDate>2025-08-31T23:59:00</ToDate></TimePeriod><Name>Invierno</Name><WeekDays><WeekDay><DayType>7</DayType><DayWorking>1</DayWorking></WeekDay></WeekDays></WorkWeek></WorkWeeks>';
    const schedule = parsed(
      mspdiFile({
        tasks: [leaf(1, 'A', 1)],
        calendars: `<Calendars>${calendarXml({ uid: 1, name: 'Obra', weekdays: [1, 2, 3, 4, 5], extra: exceptions })}</Calendars>`,
      }),
    );
    expect(schedule.calendar.exceptions).toHaveLength(5_000);
    expect(schedule.calendar.workingWeekdays).toEqual([1, 2, 3, 4, 5]);
    expect(schedule.warnings).toEqual([
      'El calendario «Obra» tiene semanas laborales distintas de la predeterminada; no se importan: se usa solo su semana predeterminada.',
      'El calendario tiene más de 5000 fechas de excepción; se importaron las primeras 5000.',
    ]);
  });

  it('uses Monday–Friday with a warning when the file has no calendar', () => {
    const schedule = parsed(mspdiFile({ tasks: [leaf(1, 'A', 1)], calendars: '' }));
    expect(schedule.calendar.workingWeekdays).toEqual([1, 2, 3, 4, 5]);
    expect(schedule.warnings).toEqual(['El archivo no trae calendario; se usa uno de lunes a viernes.']);
  });
});

describe('parseMspdi: what real files carry (issue 34)', () => {
  it("carries MS Project's WBS codes, which become the EDP's when unique and nested like the outline", () => {
    const schedule = parsed(readSample('mpxj-task-links-project2007-mspdi.xml'));
    const codes = schedule.tasks.map((task) => task.fileCode);
    expect(codes.every((code) => code !== undefined)).toBe(true);
    const records = importedProjectRecords(schedule, { code: 'TL' });
    expect(records.warnings).toEqual([]);
    expect(records.edpItems.slice(1).map((item) => item.code)).toEqual(codes);
    // ProjectLibre's New Product gives 17 of its 43 tasks a WBS code: numbered by position, saying why
    const partial = importedProjectRecords(parsed(readSample('projectlibre-new-product.xml')), { code: 'NP' });
    expect(partial.edpItems[1]?.code).toBe('NP.1');
    expect(partial.warnings).toEqual([
      'No se usaron los códigos del archivo (26 tareas no tienen código): el EDP se numeró por posición.',
    ]);
    // a company coding that is not nested like the outline: numbered by position, saying why
    const xml = mspdiFile({
      tasks: [
        projectRow('Obra'),
        taskXml({ UID: 1, ID: 1, Name: 'Obra gruesa', OutlineLevel: 1, WBS: 'OG' }),
        leaf(2, 'Excavación', 2, 2, { WBS: 'EXC-01' }),
      ],
    });
    const loose = importedProjectRecords(parsed(xml), { code: 'OB' });
    expect(loose.edpItems.map((item) => item.code)).toEqual(['OB', 'OB.1', 'OB.1.1']);
    expect(loose.warnings).toEqual([
      'No se usaron los códigos del archivo (el código EXC-01 no comienza con el de ninguna tarea que lo contiene (OG)): el EDP se numeró por posición.',
    ]);
  });

  it('Milestone=1 makes a milestone whatever its duration, naming those that had one', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          projectRow('Obra'),
          leaf(1, 'Recepción', 2, 1, { Milestone: 1 }),
          leaf(2, 'Entrega', 0, 1, { Milestone: 1 }),
          leaf(3, 'Pintura', 3, 1, { Milestone: 0 }),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => [task.name, task.duration])).toEqual([
      ['Recepción', 0],
      ['Entrega', 0],
      ['Pintura', 3],
    ]);
    expect(schedule.warnings).toContain(
      'Las tareas marcadas como hito se importaron como hitos (duración 0), aunque tenían duración: Recepción.',
    );
  });

  it('leaves out inactive tasks, those under them and their links, naming the inactive ones', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          projectRow('Obra'),
          taskXml({ UID: 1, ID: 1, Name: 'Alternativa B', OutlineLevel: 1, Active: 0 }),
          leaf(2, 'Pilotes', 4, 2),
          leaf(3, 'Descartada', 2, 1, { Active: 0 }),
          taskXml({ UID: 4, ID: 4, Name: 'Radier', OutlineLevel: 1, Duration: 'PT16H0M0S', Active: 1 }, [
            { PredecessorUID: 2, Type: 1 },
            { PredecessorUID: 3, Type: 1 },
          ]),
          leaf(5, 'Losa', 3, 1),
        ],
      }),
    );
    expect(schedule.tasks.map((task) => task.name)).toEqual(['Radier', 'Losa']);
    expect(schedule.links).toEqual([]);
    expect(schedule.warnings).toEqual([
      'Se omitieron las tareas inactivas (con las tareas bajo ellas y sus vínculos): Alternativa B, Descartada.',
    ]);
  });

  it('a manually scheduled task keeps the start the file gives it, as a start no earlier than', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          projectRow('Obra'),
          leaf(1, 'Trazado', 2, 1, { Manual: 1, Start: '2025-03-12T08:00:00' }),
          leaf(2, 'Excavación', 2, 1),
        ],
      }),
    );
    expect(byUid(schedule, 1).start).toBe('2025-03-12');
    expect(byUid(schedule, 2).start).toBe('2025-03-03');
  });

  it('leaves out links of a type or lag format MS Project does not define, naming them', () => {
    const schedule = parsed(
      mspdiFile({
        tasks: [
          projectRow('Obra'),
          leaf(1, 'Trazado', 2),
          taskXml({ UID: 2, ID: 2, Name: 'Excavación', OutlineLevel: 1, Duration: 'PT16H0M0S' }, [
            { PredecessorUID: 1, Type: 7 },
          ]),
          taskXml({ UID: 3, ID: 3, Name: 'Moldaje', OutlineLevel: 1, Duration: 'PT16H0M0S' }, [
            { PredecessorUID: 1, Type: 1, LinkLag: 4800, LagFormat: 99 },
          ]),
          taskXml({ UID: 4, ID: 4, Name: 'Hormigón', OutlineLevel: 1, Duration: 'PT16H0M0S' }, [
            { PredecessorUID: 1, Type: 3, LinkLag: 4800, LagFormat: 7 },
          ]),
        ],
      }),
    );
    expect(schedule.links).toEqual([{ from: 1, to: 4, type: 'SS', lag: 1 }]);
    expect(schedule.warnings).toEqual([
      'Se omitieron los vínculos de un tipo que MS Project no define: Trazado → Excavación (7).',
      'Se omitieron los vínculos con un formato de desfase que MS Project no define: Trazado → Moldaje (99).',
    ]);
  });

  it('lists the priorities and custom fields it does not carry over, by their aliases; notes and deadlines come in', () => {
    const custom = (id: number, value: string) =>
      `<ExtendedAttribute><FieldID>${id}</FieldID><Value>${value}</Value></ExtendedAttribute>`;
    const xml = mspdiFile({
      header:
        '<ExtendedAttributes><ExtendedAttribute><FieldID>188743731</FieldID><FieldName>Text1</FieldName><Alias>Frente de trabajo</Alias></ExtendedAttribute>' +
        '<ExtendedAttribute><FieldID>188743767</FieldID><FieldName>Number1</FieldName></ExtendedAttribute></ExtendedAttributes>',
      tasks: [
        projectRow('Obra'),
        leaf(1, 'Trazado', 2, 1, { Priority: 700 }).replace('</Task>', `${custom(188743731, 'Torre A')}</Task>`),
        leaf(3, 'Hormigón', 2, 1, { Notes: 'Revisar dosificación', Deadline: '2025-03-20T17:00:00' }),
        leaf(2, 'Excavación', 2, 1, { Priority: 500 }).replace(
          '</Task>',
          `${custom(188743767, '3')}${custom(188743999, 'x')}</Task>`,
        ),
      ],
    });
    expect(parsed(xml).warnings).toEqual([
      'No se importan los campos personalizados de las tareas: Frente de trabajo, Number1, campo 188743999.',
      'No se importan las prioridades de las tareas (Cimiento no las usa): Trazado.',
    ]);
    // issue 34: notes (line breaks kept) and the deadline's day
    expect(parsed(xml).tasks.find((task) => task.name === 'Hormigón')).toMatchObject({
      notes: 'Revisar dosificación',
      deadline: '2025-03-20',
    });
    const long = parsed(
      mspdiFile({
        tasks: [
          leaf(1, 'Larga', 2, 1, { Notes: 'x'.repeat(10_005) }),
          leaf(2, 'Líneas', 2, 1, { Notes: 'Primera\r\nSegunda  ' }),
          leaf(3, 'Vacía', 2, 1, { Notes: '   ' }),
        ],
      }),
    );
    expect(long.tasks.map((task) => task.notes?.length)).toEqual([10_000, 15, undefined]);
    expect(long.tasks[1]?.notes).toBe('Primera\nSegunda');
    expect(long.warnings).toEqual(['Se acortaron a 10000 caracteres las notas de: Larga.']);
  });

  it("reads MS Project's baselines with dates; names those without, and dates that run backwards", () => {
    const baseline = (fields: Record<string, string | number>) =>
      `<Baseline>${Object.entries(fields)
        .map(([key, value]) => `<${key}>${value}</${key}>`)
        .join('')}</Baseline>`;
    const schedule = parsed(
      mspdiFile({
        tasks: [
          projectRow('Obra'),
          leaf(1, 'Trazado', 2).replace(
            '</Task>',
            baseline({
              Number: 0,
              Start: '2025-03-03T08:00:00',
              Finish: '2025-03-04T17:00:00',
              Duration: 'PT16H0M0S',
              Cost: 100,
            }) +
              baseline({ Number: 1, Cost: 250 }) +
              '</Task>',
          ),
          // a finish at 08:00 on Monday is the end of Friday
          leaf(2, 'Excavación', 5).replace(
            '</Task>',
            baseline({
              Number: 0,
              Start: '2025-03-05T08:00:00',
              Finish: '2025-03-10T08:00:00',
              Duration: 'PT24H0M0S',
            }) +
              baseline({ Number: 2, Start: '2025-03-10T08:00:00', Finish: '2025-03-05T17:00:00' }) +
              '</Task>',
          ),
        ],
      }),
    );
    expect(schedule.baselines).toEqual([{ number: 0, name: 'Línea base 0 (MS Project)' }]);
    expect(byUid(schedule, 1).baselines).toEqual([
      { number: 0, start: '2025-03-03', finish: '2025-03-04', duration: 2 },
    ]);
    expect(byUid(schedule, 2).baselines).toEqual([
      { number: 0, start: '2025-03-05', finish: '2025-03-07', duration: 3 },
    ]);
    expect(schedule.warnings).toEqual([
      'No se importan las líneas base de MS Project que no tienen comienzo y fin en ninguna tarea (solo costo, trabajo o una de las fechas): Línea base 1.',
      'Se omitieron fechas de línea base cuyo fin es anterior a su comienzo: Excavación (Línea base 2).',
      'De las líneas base de MS Project se importan las fechas y duraciones; sus costos y trabajo no.',
    ]);
  });

  it('an empty <Tasks/> is a project without tasks', () => {
    const schedule = parsed(mspdiFile({ tasks: [] }).replace('<Tasks></Tasks>', '<Tasks/>'));
    expect(schedule.tasks).toEqual([]);
    expect(schedule.projectStart).toBe('2025-03-03');
  });
});
