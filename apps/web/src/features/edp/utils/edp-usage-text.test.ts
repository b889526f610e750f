import type { EdpUsageTotals } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { initI18n, loadLanguage } from '@/lib/i18n/i18n';
import { edpDeletionSentence, edpLinksSentence, edpUsageParts, joinParts, moneyNote } from './edp-usage-text';

const totals = (items: number, edcCount = 0, ganttTaskCount = 0, ganttLinkCount = 0): EdpUsageTotals => ({
  items,
  edcCount,
  ganttTaskCount,
  ganttLinkCount,
});

describe('the EDP deletion texts (issue 12: deletions say what they take)', () => {
  const t = initI18n('es-CL').getFixedT('es-CL');

  it("says the issue's sentence word for word", () => {
    expect(edpDeletionSentence(t, totals(1, 13, 14, 5))).toBe(
      'Se eliminarán 1 ítem, 13 componentes del EDC y 14 tareas del Gantt con sus vínculos.',
    );
  });

  it('gets singular and plural right for each part', () => {
    expect(edpDeletionSentence(t, totals(3, 1, 1))).toBe(
      'Se eliminarán 3 ítems, 1 componente del EDC y 1 tarea del Gantt con sus vínculos.',
    );
    expect(edpDeletionSentence(t, totals(1_234, 2_500, 3_001))).toBe(
      'Se eliminarán 1.234 ítems, 2.500 componentes del EDC y 3.001 tareas del Gantt con sus vínculos.',
    );
  });

  it('leaves out what is zero; the verb is singular for one thing alone', () => {
    expect(edpDeletionSentence(t, totals(3))).toBe('Se eliminarán 3 ítems.');
    expect(edpDeletionSentence(t, totals(1))).toBe('Se eliminará 1 ítem.');
    expect(edpDeletionSentence(t, totals(1, 4))).toBe('Se eliminarán 1 ítem y 4 componentes del EDC.');
    expect(edpDeletionSentence(t, totals(2, 0, 2))).toBe(
      'Se eliminarán 2 ítems y 2 tareas del Gantt con sus vínculos.',
    );
  });

  it('counts the links apart, only when some go', () => {
    expect(edpLinksSentence(t, totals(1, 0, 1, 1))).toBe('Entre ellas se pierde 1 vínculo del Gantt.');
    expect(edpLinksSentence(t, totals(1, 0, 3, 12))).toBe('Entre ellas se pierden 12 vínculos del Gantt.');
    expect(edpLinksSentence(t, totals(1, 0, 3, 0))).toBeNull();
  });

  it('lists the parts for one line of the save question', () => {
    expect(joinParts(t, edpUsageParts(t, totals(2, 13)))).toBe('2 ítems y 13 componentes del EDC');
    expect(joinParts(t, [])).toBe('');
  });

  it('issue 33: adds what the deletion touches of the money, and that a payment stays in the next EP', () => {
    const facts = '9,45 % de avance registrado; pagado en EP N°2: UF 1.234,56; en la línea base «LB Contrato»';
    expect(moneyNote(t, facts, true)).toBe(
      'Ten en cuenta: 9,45 % de avance registrado; pagado en EP N°2: UF 1.234,56; en la línea base «LB Contrato». ' +
        'Lo ya pagado seguirá en el próximo estado de pago como partida eliminada.',
    );
    expect(moneyNote(t, 'en la línea base «LB 1»', false)).toBe('Ten en cuenta: en la línea base «LB 1».');
    expect(moneyNote(t, null, false)).toBeNull();
  });

  it('has the same texts in English', async () => {
    await loadLanguage('en-US');
    const en = initI18n('en-US').getFixedT('en-US');
    expect(edpDeletionSentence(en, totals(1, 13, 14))).toBe(
      'This deletes 1 item, 13 CBS components and 14 Gantt tasks with their links.',
    );
    initI18n('es-CL');
  });
});
