import { describe, expect, it } from 'vitest';
import { currentYear, editableUfValue, formatUfClp, readUfValueInput, yearOptions } from './uf-values';

describe('readUfValueInput', () => {
  it('reads a value as a Chilean types it', () => {
    expect(readUfValueInput('39.485,65')).toEqual({ ok: true, value: '39485.65' });
    expect(readUfValueInput('$ 39.485,65')).toEqual({ ok: true, value: '39485.65' });
    expect(readUfValueInput('39485,6512')).toEqual({ ok: true, value: '39485.6512' });
    expect(readUfValueInput('39485.65')).toEqual({ ok: true, value: '39485.65' });
  });

  it('refuses empty, zero, negative, letters and more than 4 decimals, in Spanish', () => {
    expect(readUfValueInput('')).toEqual({ ok: false, error: 'es obligatorio' });
    expect(readUfValueInput('0,00')).toEqual({ ok: false, error: 'debe ser mayor que 0' });
    expect(readUfValueInput('-1')).toEqual({ ok: false, error: 'no puede ser negativo' });
    expect(readUfValueInput('abc')).toEqual({ ok: false, error: 'escríbelo como 39.485,65' });
    expect(readUfValueInput('39.485,65123')).toEqual({ ok: false, error: 'admite como máximo 4 decimales' });
  });
});

describe('the table', () => {
  it('shows values in pesos with two decimals, or four when stored so', () => {
    expect(formatUfClp('39485.65')).toBe('$39.485,65');
    expect(formatUfClp('39485')).toBe('$39.485,00');
    expect(formatUfClp('39485.6512')).toBe('$39.485,6512');
    expect(editableUfValue('39485.65')).toBe('39485,65');
  });

  it("offers the table's years and the current one, newest first", () => {
    expect(yearOptions(undefined, undefined, 2026)).toEqual([2026]);
    expect(yearOptions('2023-05-01', '2025-01-31', 2026)).toEqual([2026, 2025, 2024, 2023]);
    expect(yearOptions('2027-01-01', '2027-01-01', 2026)).toEqual([2027, 2026]);
  });

  it("takes the current year in Santiago's time", () => {
    // 1 January 2026 at 01:00 UTC is still 31 December 2025 in Santiago
    expect(currentYear(new Date('2026-01-01T01:00:00Z'))).toBe(2025);
    expect(currentYear(new Date('2026-01-01T12:00:00Z'))).toBe(2026);
  });
});
