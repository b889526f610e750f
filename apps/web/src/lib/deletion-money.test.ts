import { describe, expect, it } from 'vitest';
import { initI18n, loadLanguage } from '@/lib/i18n/i18n';
import { edpMoneyText, moneyNotice, taskMoneyText, taskMoveText } from './deletion-money';

describe('the words of a deletion that touches money (issue 33)', () => {
  const t = initI18n('es-CL').getFixedT('es-CL');

  it("says the issue's example word for word", () => {
    const text = edpMoneyText(
      t,
      { progress: '9.45', paid: [{ number: 2, amount: '1234.56' }], baselines: ['LB Contrato'] },
      'UF',
    );
    expect(text).toBe('9,45 % de avance registrado; pagado en EP N°2: UF 1.234,56; en la línea base «LB Contrato»');
    expect(moneyNotice(t, text as string)).toBe(
      'Ten en cuenta: 9,45 % de avance registrado; pagado en EP N°2: UF 1.234,56; en la línea base «LB Contrato».',
    );
  });

  it('lists every EP that paid and every baseline, amounts as the EP prints them', () => {
    expect(
      edpMoneyText(
        t,
        {
          progress: '100',
          paid: [
            { number: 1, amount: '10005' },
            { number: 2, amount: '-500' },
            { number: 3, amount: '1234567.5' },
          ],
          baselines: ['LB Contrato', 'LB Reprogramación'],
        },
        'CLP',
      ),
    ).toBe(
      '100,00 % de avance registrado; pagado en EP N°1: $10.005, EP N°2: -$500 y EP N°3: $1.234.568; ' +
        'en las líneas base «LB Contrato» y «LB Reprogramación»',
    );
  });

  it('leaves out what is not there, and says nothing when nothing is touched', () => {
    expect(edpMoneyText(t, { paid: [], baselines: ['LB 1'] }, 'CLP')).toBe('en la línea base «LB 1»');
    expect(edpMoneyText(t, { progress: '0.05', paid: [], baselines: [] }, 'CLP')).toBe('0,05 % de avance registrado');
    expect(edpMoneyText(t, { paid: [], baselines: [] }, 'CLP')).toBeNull();
    expect(taskMoneyText(t, { baselines: [], partidas: [] }, 'CLP')).toBeNull();
  });

  it('names the partida a task belongs to and what it was paid', () => {
    expect(
      taskMoneyText(
        t,
        {
          progress: '50',
          baselines: ['LB Contrato'],
          partidas: [
            { id: 3, code: 'P.1.1', name: 'Sala 1', paid: [{ number: 1, amount: '2500' }] },
            { id: 4, code: 'P.1.2', name: 'Sala 2', paid: [{ number: 1, amount: '10005.5' }] },
          ],
        },
        'USD',
      ),
    ).toBe(
      '50,00 % de avance registrado; la partida P.1.1 Sala 1, pagada en EP N°1: US$2.500,00; ' +
        'la partida P.1.2 Sala 2, pagada en EP N°1: US$10.005,50; en la línea base «LB Contrato»',
    );
  });

  it('has the same texts in English', async () => {
    await loadLanguage('en-US');
    const en = initI18n('en-US').getFixedT('en-US');
    expect(
      moneyNotice(
        en,
        edpMoneyText(
          en,
          { progress: '9.45', paid: [{ number: 2, amount: '1234.56' }], baselines: ['LB Contrato'] },
          'UF',
        ) as string,
      ),
    ).toBe('Note: 9,45 % progress recorded; paid in PC No. 2: UF 1.234,56; in the baseline “LB Contrato”.');
    initI18n('es-CL');
  });

  it('says which partida a moved task leaves or joins, and that the next EP measures them again', () => {
    const selection = {
      progress: '20',
      baselines: [],
      partidas: [{ id: 30, code: 'ELA.1.1', name: 'Piso 1', paid: [{ number: 1, amount: '4800' }] }],
    };
    const names = new Map([
      [20, 'ELA.1 Torre'],
      [30, 'ELA.1.1 Piso 1'],
    ]);
    const name = (id: number) => names.get(id) ?? `#${id}`;
    const facts = 'Ten en cuenta: 20,00 % de avance registrado; la partida ELA.1.1 Piso 1, pagada en EP N°1: $4.800.';
    expect(taskMoveText(t, selection, 'CLP', { from: 30, to: 30 }, name)).toBe(
      `${facts} El próximo estado de pago medirá de nuevo el avance de la partida ELA.1.1 Piso 1.`,
    );
    expect(taskMoveText(t, selection, 'CLP', { from: 30, to: 20 }, name)).toBe(
      `${facts} Pasará de la partida ELA.1.1 Piso 1 a la partida ELA.1 Torre. ` +
        'El próximo estado de pago medirá de nuevo el avance de las partidas ELA.1.1 Piso 1 y ELA.1 Torre.',
    );
    expect(taskMoveText(t, selection, 'CLP', { from: 30, to: null }, name)).toBe(
      `${facts} Dejará la partida ELA.1.1 Piso 1. ` +
        'El próximo estado de pago medirá de nuevo el avance de la partida ELA.1.1 Piso 1.',
    );
    expect(taskMoveText(t, selection, 'CLP', { from: null, to: 20 }, name)).toBe(
      `${facts} Pasará a la partida ELA.1 Torre. ` +
        'El próximo estado de pago medirá de nuevo el avance de la partida ELA.1 Torre.',
    );
    // nothing recorded, paid or in a baseline: no question
    expect(taskMoveText(t, { baselines: [], partidas: [] }, 'CLP', { from: 30, to: 20 }, name)).toBeNull();
  });
});
