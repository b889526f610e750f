import { describe, expect, it } from 'vitest';
import {
  isoOfFilterDate,
  matchesColumnFilter,
  parseDateFilter,
  parseNumberFilter,
  parseTextFilter,
} from './column-filters';

describe('parseNumberFilter', () => {
  it('reads a number with an optional comparison and a decimal comma', () => {
    expect(parseNumberFilter('5')).toEqual({ status: 'valid', filter: { operator: '=', value: 5 } });
    expect(parseNumberFilter(' >= 2,5 ')).toEqual({ status: 'valid', filter: { operator: '>=', value: 2.5 } });
    expect(parseNumberFilter('<10')).toEqual({ status: 'valid', filter: { operator: '<', value: 10 } });
    expect(parseNumberFilter('')).toEqual({ status: 'empty' });
  });

  it('refuses text that is not a number', () => {
    for (const text of ['abc', '5x', '>', '>>5', '1,2,3', '--1']) {
      expect(parseNumberFilter(text)).toEqual({ status: 'invalid' });
    }
  });
});

describe('parseDateFilter', () => {
  it('reads dd-mm-aaaa (or with / and .) and aaaa-mm-dd, with an optional comparison', () => {
    expect(parseDateFilter('01-03-2026')).toEqual({ status: 'valid', filter: { operator: '=', value: '2026-03-01' } });
    expect(parseDateFilter('>=1/3/2026')).toEqual({ status: 'valid', filter: { operator: '>=', value: '2026-03-01' } });
    expect(parseDateFilter('< 2026-12-31')).toEqual({
      status: 'valid',
      filter: { operator: '<', value: '2026-12-31' },
    });
  });

  it('refuses impossible days and other text', () => {
    for (const text of ['31-02-2026', '29-02-2027', '2026-13-01', 'mañana', '12-2026', '00-01-2026']) {
      expect(parseDateFilter(text)).toEqual({ status: 'invalid' });
    }
    expect(isoOfFilterDate('29-02-2028')).toBe('2028-02-29');
  });
});

describe('matchesColumnFilter', () => {
  it('compares numbers and dates, and finds text ignoring case and accents', () => {
    expect(matchesColumnFilter('number', '>5', 6)).toBe(true);
    expect(matchesColumnFilter('number', '>5', 5)).toBe(false);
    expect(matchesColumnFilter('date', '<=01-03-2026', '2026-03-01')).toBe(true);
    expect(matchesColumnFilter('date', '<=01-03-2026', '2026-03-02')).toBe(false);
    expect(matchesColumnFilter('date', '01-03-2026', '')).toBe(false);
    expect(matchesColumnFilter('text', 'EXCAVACION', 'Excavación masiva')).toBe(true);
    expect(matchesColumnFilter('text', 'losa', 'Excavación')).toBe(false);
    expect(parseTextFilter('  ')).toEqual({ status: 'empty' });
  });

  it('lets every row through while the filter is invalid or empty', () => {
    expect(matchesColumnFilter('number', 'abc', 1)).toBe(true);
    expect(matchesColumnFilter('date', '31-02-2026', '2020-01-01')).toBe(true);
    expect(matchesColumnFilter('number', '', 1)).toBe(true);
  });
});
