import type { GanttDraftTask } from '@cimiento/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ganttSequencingQuestion } from './gantt-sequencing-question';

const task = (id: number, links: { from: number; generated?: boolean }[] = []): GanttDraftTask => ({
  id,
  code: `T${id}`,
  name: `Tarea ${id}`,
  start: '2025-03-03',
  duration: 5,
  progress: 0,
  predecessors: links.map((link) => ({
    predecessorId: link.from,
    type: 'FS',
    lag: 0,
    ...(link.generated ? { generated: true } : {}),
  })),
});

/** Three generated links (a train) and one the user drew. */
const trained = [
  task(1),
  task(2, [{ from: 1, generated: true }]),
  task(3, [{ from: 2, generated: true }]),
  task(4, [{ from: 3, generated: true }, { from: 1 }]),
];
const t = i18next.t.bind(i18next);

describe('ganttSequencingQuestion', () => {
  it('counts the generated links replaced and the user links kept, in the mode chosen', () => {
    expect(ganttSequencingQuestion(t, trained, false, 'priority')).toBe(
      'Se reemplazarán los 3 vínculos generados por los de «Secuencia por prioridad». ' +
        'Los vínculos generados que eliminaste vuelven si esta secuencia los genera. ' +
        'Se conserva tu vínculo y tus cambios de duraciones, inicios y nombres.',
    );
  });

  it("says what 'Sin secuencia' removes, and that unsaved edits are saved first", () => {
    expect(ganttSequencingQuestion(t, trained, true, 'none')).toBe(
      'Se quitarán los 3 vínculos generados: la secuencia quedará en «Sin secuencia». ' +
        'Se conserva tu vínculo y tus cambios de duraciones, inicios y nombres. ' +
        'Antes se grabarán los cambios sin grabar del Gantt.',
    );
  });

  it('without links: nothing replaced, nothing of the user to keep but the edits', () => {
    const plain = [task(1), task(2)];
    expect(ganttSequencingQuestion(t, plain, false, 'train')).toBe(
      'Se generarán los vínculos de «Tren de actividades». ' +
        'Los vínculos generados que eliminaste vuelven si esta secuencia los genera. ' +
        'Se conservan tus cambios de duraciones, inicios y nombres.',
    );
    expect(ganttSequencingQuestion(t, plain, false, 'none')).toBe(
      'La secuencia quedará en «Sin secuencia», sin vínculos generados. ' +
        'Se conservan tus cambios de duraciones, inicios y nombres.',
    );
  });
});
