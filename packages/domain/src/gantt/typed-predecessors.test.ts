import { describe, expect, it } from 'vitest';
import type { GanttDraftTask } from './gantt-edits';
import { draftTask } from './gantt-test-support';
import { ganttTaskDirectory, plannerPredecessorText } from './gantt-task-directory';
import { parseTypedPredecessors } from './typed-predecessors';

const task = draftTask;

/*
 * rows: 1 ELA › 2 ELA.1 Torre › 3 M › 4 ACT1, 5 ACT2 (after 4) › 6 ELA.1.1 Piso 1 › 7 M › 8 ACT1 ›
 * 9 ACT2; 10 'Recepción' (no code), 11 'Entrega' (no code). TaskIDs differ from rows on purpose.
 */
const tasks: GanttDraftTask[] = [
  task(101, 'ELA', 'Edificio', undefined, 'edp:1'),
  task(102, 'ELA.1', 'Torre', 101, 'edp:2'),
  task(103, 'M', 'Fundaciones', 102, 'edc:2:m'),
  task(104, 'ACT1', 'Excavar', 103, 'edc:2:act1'),
  task(105, 'ACT2', 'Hormigonar', 103, 'edc:2:act2', [{ predecessorId: 104, type: 'FS', lag: 0 }]),
  task(106, 'ELA.1.1', 'Piso 1', 102, 'edp:3'),
  task(107, 'M', 'Fundaciones', 106, 'edc:3:m'),
  task(108, 'ACT1', 'Excavar', 107, 'edc:3:act1', [{ predecessorId: 105, type: 'FS', lag: 0 }]),
  task(109, 'ACT7', 'Descimbrar', 107, 'edc:3:act7'),
  task(110, '', 'Recepción'),
  task(111, '', 'Entrega'),
];

const parse = (text: string, id = 110) => parseTypedPredecessors(text, tasks, id);

describe('parseTypedPredecessors (issue 32: predecessors by row number, MS Project style, in Spanish)', () => {
  it('reads a row number alone as finish-to-start without lag', () => {
    expect(parse('8')).toEqual({ ok: true, links: [{ predecessorId: 108, type: 'FS', lag: 0 }] });
  });

  it('reads the Spanish types FC, CC, FF, CF and the lag in days', () => {
    expect(parse('8FC+2')).toEqual({ ok: true, links: [{ predecessorId: 108, type: 'FS', lag: 2 }] });
    expect(parse('4CC')).toEqual({ ok: true, links: [{ predecessorId: 104, type: 'SS', lag: 0 }] });
    expect(parse('5FF-1d')).toEqual({ ok: true, links: [{ predecessorId: 105, type: 'FF', lag: -1 }] });
    expect(parse('9cf+3 días')).toEqual({ ok: true, links: [{ predecessorId: 109, type: 'SF', lag: 3 }] });
  });

  it('reads the English types too, several entries separated by ";" or ",", with spaces', () => {
    expect(parse('8FS+2; 4 SS , 5ff-1d,9 sf +2 dias')).toEqual({
      ok: true,
      links: [
        { predecessorId: 108, type: 'FS', lag: 2 },
        { predecessorId: 104, type: 'SS', lag: 0 },
        { predecessorId: 105, type: 'FF', lag: -1 },
        { predecessorId: 109, type: 'SF', lag: 2 },
      ],
    });
    expect(parse('  ')).toEqual({ ok: true, links: [] });
  });

  it("reads unique codes, with the type after a space, and the grid's own text back", () => {
    expect(parse('ELA.1.1.ACT1 CC+2d; ela.1.act2')).toEqual({
      ok: true,
      links: [
        { predecessorId: 108, type: 'SS', lag: 2 },
        { predecessorId: 105, type: 'FS', lag: 0 },
      ],
    });
    const links = [
      { predecessorId: 104, type: 'FS' as const, lag: 2 },
      { predecessorId: 108, type: 'SS' as const, lag: 0 },
      { predecessorId: 111, type: 'FF' as const, lag: -1 },
    ];
    const labels = { types: { FS: 'FC', SS: 'CC', FF: 'FF', SF: 'CF' } as const, day: 'd' };
    const text = plannerPredecessorText(links, ganttTaskDirectory(tasks), labels);
    expect(text).toBe('ELA.1.ACT1 FC+2d; ELA.1.1.ACT1 CC; Entrega FF-1d');
    expect(parse(text)).toEqual({ ok: true, links });
    // an own code only one task has
    expect(parse('ACT7+1')).toEqual({ ok: true, links: [{ predecessorId: 109, type: 'FS', lag: 1 }] });
  });

  it('names each faulty entry in Spanish', () => {
    const result = parse('99; 8FC+2; abc def; ACT1; 8');
    expect(result).toEqual({
      ok: false,
      errors: [
        { entry: '99', message: 'La fila 99 no existe' },
        {
          entry: 'abc def',
          message: '«abc def» no es una predecesora válida (ejemplos: 8, 8FC+2, 12CC, 15FF-1d o el código de la tarea)',
        },
        {
          entry: 'ACT1',
          message: '«ACT1» corresponde a 2 tareas (ELA.1.ACT1, ELA.1.1.ACT1); escribe su Id o su código completo',
        },
        { entry: '8', message: 'La tarea 8 (ELA.1.1.ACT1) aparece dos veces' },
      ],
      error:
        'La fila 99 no existe; «abc def» no es una predecesora válida (ejemplos: 8, 8FC+2, 12CC, 15FF-1d o el código de la tarea); «ACT1» corresponde a 2 tareas (ELA.1.ACT1, ELA.1.1.ACT1); escribe su Id o su código completo; La tarea 8 (ELA.1.1.ACT1) aparece dos veces',
    });
    expect(parse('ACT99')).toMatchObject({ errors: [{ message: 'La tarea «ACT99» no existe' }] });
  });

  it('refuses the task itself, its summaries and its own tasks', () => {
    expect(parse('8', 108)).toMatchObject({ errors: [{ message: 'Una tarea no puede depender de sí misma' }] });
    expect(parse('6', 108)).toMatchObject({
      errors: [{ message: 'La tarea 6 (ELA.1.1) es resumen o parte de esta tarea; no se pueden vincular' }],
    });
    expect(parse('8', 107)).toMatchObject({
      errors: [{ message: 'La tarea 8 (ELA.1.1.ACT1) es resumen o parte de esta tarea; no se pueden vincular' }],
    });
  });

  it('refuses a link that would close a loop (8 already follows 5, which follows 4)', () => {
    expect(parse('8', 104)).toMatchObject({
      errors: [{ message: 'La tarea 8 (ELA.1.1.ACT1) ya depende de esta tarea: el vínculo cerraría un ciclo' }],
    });
    // replacing the task's own links is no loop: 5's links are the ones being typed
    expect(parse('8', 105)).toMatchObject({ ok: false });
    expect(parse('4', 105)).toEqual({ ok: true, links: [{ predecessorId: 104, type: 'FS', lag: 0 }] });
  });

  it('refuses a lag in percent, a fraction of a day, or beyond the limit', () => {
    expect(parse('8CC+50%')).toMatchObject({
      errors: [{ message: '«8CC+50%»: el desfase en porcentaje no se admite; escríbelo en días hábiles (+2, -1d)' }],
    });
    // ',' separates entries, as in MS Project: '8FC+1,5' is 8FC+1 and 5
    expect(parse('8FC+1,5')).toEqual({
      ok: true,
      links: [
        { predecessorId: 108, type: 'FS', lag: 1 },
        { predecessorId: 105, type: 'FS', lag: 0 },
      ],
    });
    expect(parse('8FC+1.5d')).toMatchObject({
      errors: [{ message: '«8FC+1.5d»: el desfase debe ser un número entero de días hábiles' }],
    });
    expect(parse('8FC+10001')).toMatchObject({
      errors: [{ message: '«8FC+10001»: el desfase debe estar entre -10000 y 10000 días' }],
    });
  });
});
