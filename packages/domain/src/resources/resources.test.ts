import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationFromQuantity, workUnitOf } from './productivity';
import { availabilityErrors, crewSize, crewText, maxUnitsOn } from './resources';

describe('resources (issue 35)', () => {
  const crane = {
    maxUnits: 1,
    availability: [
      { from: '2026-03-02', to: '2026-03-31', maxUnits: 2 },
      { from: '2026-06-01', to: '2026-06-30', maxUnits: 0 },
    ],
  };

  it('maxUnitsOn: the range that holds the day, else the maximum', () => {
    expect(maxUnitsOn(crane, '2026-02-27')).toBe(1);
    expect(maxUnitsOn(crane, '2026-03-02')).toBe(2);
    expect(maxUnitsOn(crane, '2026-03-31')).toBe(2);
    expect(maxUnitsOn(crane, '2026-04-01')).toBe(1);
    expect(maxUnitsOn(crane, '2026-06-15')).toBe(0);
    expect(maxUnitsOn({ maxUnits: 3 }, '2026-06-15')).toBe(3);
  });

  it('crewSize and crewText: 1 capataz + 4 carpinteros + 2 jornales is 7', () => {
    const crew = [
      { trade: 'a', count: 1 },
      { trade: 'b', count: 4 },
      { trade: 'c', count: 2 },
    ];
    expect(crewSize(crew)).toBe(7);
    const names: Record<string, string> = { a: 'Capataz', b: 'Carpintero' };
    expect(crewText(crew, (id) => names[id])).toBe('1 × Capataz + 4 × Carpintero + 2 × c');
    expect(crewSize([])).toBe(0);
  });

  it('availabilityErrors: a range backwards and two sharing a day, naming the rows', () => {
    expect(availabilityErrors(crane.availability)).toEqual([]);
    expect(
      availabilityErrors([
        { from: '2026-03-02', to: '2026-03-31', maxUnits: 2 },
        { from: '2026-05-10', to: '2026-05-01', maxUnits: 1 },
        { from: '2026-03-31', to: '2026-04-10', maxUnits: 1 },
      ]),
    ).toEqual([
      'Disponibilidad, fila 2: el término (01-05-2026) es anterior al inicio (10-05-2026)',
      'Disponibilidad: las filas 1 y 3 se superponen; cada día tiene un solo máximo',
    ]);
    // ranges that touch without sharing a day are fine
    expect(
      availabilityErrors([
        { from: '2026-04-01', to: '2026-04-30', maxUnits: 1 },
        { from: '2026-03-01', to: '2026-03-31', maxUnits: 1 },
      ]),
    ).toEqual([]);
  });

  it('property: with no errors, every day is held by at most one range', () => {
    const day = fc.integer({ min: 1, max: 60 }).map((n) => `2026-01-${String(((n - 1) % 28) + 1).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.array(fc.record({ from: day, to: day, maxUnits: fc.nat(5) }), { maxLength: 6 }), (ranges) => {
        if (availabilityErrors(ranges).length > 0) return;
        for (let d = 1; d <= 28; d += 1) {
          const date = `2026-01-${String(d).padStart(2, '0')}`;
          expect(ranges.filter((range) => range.from <= date && date <= range.to).length).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});

describe('durations from quantities (issue 35)', () => {
  it('⌈quantity ÷ (rendimiento × cuadrillas)⌉ working days, hand-worked', () => {
    // 120 m³ of concrete at 8 m³ per crew-day: 15 days with one crew, 8 with two (7,5 up)
    expect(durationFromQuantity('120', '8', 1)).toBe(15);
    expect(durationFromQuantity('120', '8', 2)).toBe(8);
    // 350 m² of formwork at 12,5 m² per crew-day with 4 crews: 7 days exactly
    expect(durationFromQuantity('350', '12.5', 4)).toBe(7);
    // exact decimals: 1,1 ÷ 0,1 is 11 (a binary float says 11.000000000000002 → 12)
    expect(durationFromQuantity('1.1', '0.1', 1)).toBe(11);
    // a little work still takes a day; a cap holds the longest
    expect(durationFromQuantity('0.5', '100', 1)).toBe(1);
    expect(durationFromQuantity('1000000', '1', 1, 10_000)).toBe(10_000);
  });

  it('answers undefined when it cannot size the work: the catalogue duration applies', () => {
    expect(durationFromQuantity('0', '8', 1)).toBeUndefined();
    expect(durationFromQuantity('120', '0', 1)).toBeUndefined();
    expect(durationFromQuantity('120', '8', 0)).toBeUndefined();
    expect(durationFromQuantity('120', '8', 1.5)).toBeUndefined();
  });

  it('property: more crews never take longer, and the days always cover the work', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 20 }),
        (hundredths, productivityTenths, crews) => {
          const quantity = (hundredths / 100).toString();
          const productivity = (productivityTenths / 10).toString();
          const days = durationFromQuantity(quantity, productivity, crews) as number;
          const more = durationFromQuantity(quantity, productivity, crews + 1) as number;
          expect(more).toBeLessThanOrEqual(days);
          // days × rendimiento × cuadrillas ≥ cantidad, and one day less would not do (unless 1 day)
          expect(days * productivityTenths * crews * 10).toBeGreaterThanOrEqual(hundredths);
          if (days > 1) expect((days - 1) * productivityTenths * crews * 10).toBeLessThan(hundredths);
        },
      ),
    );
  });

  it('workUnitOf: an EDP unit as a unit of work', () => {
    expect(workUnitOf('m²')).toBe('m2');
    expect(workUnitOf(' M3 ')).toBe('m3');
    expect(workUnitOf('ml.')).toBe('ml');
    expect(workUnitOf('gl')).toBe('gl');
    expect(workUnitOf('hh')).toBeUndefined();
    expect(workUnitOf(undefined)).toBeUndefined();
  });
});
