import { describe, expect, it } from 'vitest';
import { formatDecimalAsIs, formatEpAmount, formatEpPercent } from './estado-pago-format';
import { fieldsToSettings, settingsToFields } from './settings-fields';

describe('the EP figures in es-CL', () => {
  it('prints amounts with the document decimals, percentages with 2, quantities with their own', () => {
    expect(formatEpAmount('1234567', 'CLP')).toBe('1.234.567');
    expect(formatEpAmount('124.7', 'UF')).toBe('124,70');
    expect(formatEpPercent('60.37')).toBe('60,37 %');
    expect(formatDecimalAsIs('3.1234')).toBe('3,1234');
    expect(formatDecimalAsIs('35.5')).toBe('35,5');
    expect(formatDecimalAsIs('2000')).toBe('2.000');
  });
});

describe('the contract terms as typed', () => {
  const settings = {
    contract: 'Contrato N°12',
    contractor: 'Constructora Andes',
    retentionPercent: '5.5',
    retentionCapPercent: '0',
    advanceAmount: '1234567.89',
    vatPercent: '19',
  };

  it('round-trips through the Chilean notation', () => {
    const fields = settingsToFields(settings);
    expect(fields.advanceAmount).toBe('1.234.567,89');
    expect(fields.retentionPercent).toBe('5,5');
    expect(fieldsToSettings(fields, 'máx')).toEqual({ ok: true, settings });
  });

  it('names each field that is not a number or a percentage over 100', () => {
    const result = fieldsToSettings(
      { ...settingsToFields(settings), retentionPercent: '100,01', advanceAmount: 'mucho', vatPercent: '' },
      'debe ser como máximo 100',
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        retentionPercent: 'debe ser como máximo 100',
        advanceAmount: expect.any(String),
        vatPercent: 'es obligatorio',
      },
    });
  });
});
