import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resourceInputSchema } from '../functions/resource-contracts';
import { resourceCalendarErrors, resourceCalendarText, resourceWorksOn, unitsAvailableOn } from './resources';

/**
 * Issue 35, a resource's own calendar: its days off on top of the project's. Hand-worked on
 * January 2026: Monday 5 … Sunday 11.
 */
describe("a resource's own calendar (issue 35)", () => {
  const crane = {
    maxUnits: 2,
    availability: [{ from: '2026-01-05', to: '2026-01-31', maxUnits: 1 }],
    calendar: {
      workingWeekdays: [1, 2, 3, 4],
      exceptions: [{ from: '2026-01-07', to: '2026-01-07', name: 'Mantención' }],
    },
  };

  it('resourceWorksOn: its weekdays and its non-working ranges; no calendar works every day', () => {
    expect(resourceWorksOn(crane.calendar, '2026-01-05')).toBe(true); // Monday
    expect(resourceWorksOn(crane.calendar, '2026-01-07')).toBe(false); // the service
    expect(resourceWorksOn(crane.calendar, '2026-01-08')).toBe(true); // Thursday
    expect(resourceWorksOn(crane.calendar, '2026-01-09')).toBe(false); // Friday, not its weekday
    expect(resourceWorksOn(undefined, '2026-01-09')).toBe(true);
    expect(resourceWorksOn({ exceptions: [] }, '2026-01-10')).toBe(true);
  });

  it('unitsAvailableOn: 0 on its days off, else the range or the maximum', () => {
    expect(unitsAvailableOn(crane, '2026-01-05')).toBe(1);
    expect(unitsAvailableOn(crane, '2026-01-07')).toBe(0);
    expect(unitsAvailableOn(crane, '2026-01-09')).toBe(0);
    expect(unitsAvailableOn(crane, '2026-02-02')).toBe(2);
    expect(unitsAvailableOn({ maxUnits: 3 }, '2026-01-09')).toBe(3);
  });

  it('resourceCalendarText: the weekdays Monday first, runs joined, ranges counted', () => {
    expect(resourceCalendarText(undefined)).toBe('');
    expect(resourceCalendarText({ workingWeekdays: [1, 2, 3, 4, 5] })).toBe('L–V');
    expect(resourceCalendarText({ workingWeekdays: [6, 5, 4, 3, 2, 1] })).toBe('L–S');
    expect(resourceCalendarText({ workingWeekdays: [1, 3, 5] })).toBe('L, X, V');
    expect(resourceCalendarText({ workingWeekdays: [1, 2, 4, 5, 6, 0] })).toBe('L, M, J–D');
    expect(resourceCalendarText(crane.calendar)).toBe('L–J; 1 rango no laborable');
    expect(resourceCalendarText({ exceptions: [...crane.calendar.exceptions, ...crane.calendar.exceptions] })).toBe(
      '2 rangos no laborables',
    );
  });

  it('resourceCalendarErrors: no weekday, a range backwards, two sharing a day, naming the rows', () => {
    expect(resourceCalendarErrors(crane.calendar)).toEqual([]);
    expect(
      resourceCalendarErrors({
        workingWeekdays: [],
        exceptions: [
          { from: '2026-02-10', to: '2026-02-01' },
          { from: '2026-03-01', to: '2026-03-10' },
          { from: '2026-03-10', to: '2026-03-12' },
        ],
      }),
    ).toEqual([
      'Calendario: marca al menos un día de la semana en que el recurso trabaja',
      'Calendario, fila 1: el término (01-02-2026) es anterior al inicio (10-02-2026)',
      'Calendario: las filas 2 y 3 se superponen; junta los días en una sola fila',
    ]);
  });

  it('resourceInputSchema: the calendar checked at the edge, Spanish messages by field', () => {
    const resource = { code: 'GRUA', name: 'Grúa torre', type: 'equipment', unit: 'un', maxUnits: 1 };
    const ok = resourceInputSchema.parse({ ...resource, calendar: crane.calendar });
    expect(ok.calendar).toEqual(crane.calendar);
    expect(
      resourceInputSchema.parse({ ...resource, calendar: { exceptions: [{ from: '2026-01-07', to: '2026-01-08' }] } })
        .calendar,
    ).toEqual({ exceptions: [{ from: '2026-01-07', to: '2026-01-08', name: '' }] });
    expect(resourceInputSchema.parse({ ...resource, calendar: null }).calendar).toBeNull();
    const messages = (calendar: unknown) => {
      const result = resourceInputSchema.safeParse({ ...resource, calendar });
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages({ workingWeekdays: [1, 7] })).toEqual([
      'calendar.workingWeekdays.1: debe ser un día de la semana de 0 (domingo) a 6 (sábado)',
    ]);
    expect(messages({ workingWeekdays: [1, 1] })).toEqual(['calendar.workingWeekdays: tiene un día repetido']);
    expect(messages({ workingWeekdays: [] })).toEqual([
      'calendar: Calendario: marca al menos un día de la semana en que el recurso trabaja',
    ]);
    expect(messages({ exceptions: [{ from: '2026-02-30', to: '2026-03-01' }] })).toEqual([
      'calendar.exceptions.0.from: debe ser una fecha válida (AAAA-MM-DD)',
    ]);
    expect(messages({ exceptions: [{ from: '2026-03-02', to: '2026-03-01' }] })).toEqual([
      'calendar: Calendario, fila 1: el término (01-03-2026) es anterior al inicio (02-03-2026)',
    ]);
    expect(messages({ holidays: [] })[0]).toMatch(/^calendar: /);
    const many = Array.from({ length: 201 }, (_, index) => {
      const day = `2026-01-01`;
      return { from: day, to: day, name: String(index) };
    });
    expect(messages({ exceptions: many })).toEqual(['calendar.exceptions: admite como máximo 200 rangos']);
  });

  it('property: a day in a range or off its weekdays has 0 units; any other has maxUnitsOn; same answer twice', () => {
    fc.assert(
      fc.property(
        fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 90 }),
        (weekdays, start, length, probe) => {
          const iso = (offset: number) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
          const resource = {
            maxUnits: 3,
            calendar: { workingWeekdays: weekdays, exceptions: [{ from: iso(start), to: iso(start + length) }] },
          };
          const date = iso(probe);
          const inRange = probe >= start && probe <= start + length;
          const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
          const expected = inRange || !weekdays.includes(weekday) ? 0 : 3;
          expect(unitsAvailableOn(resource, date)).toBe(expected);
          expect(unitsAvailableOn(resource, date)).toBe(unitsAvailableOn(resource, date));
        },
      ),
    );
  });
});
