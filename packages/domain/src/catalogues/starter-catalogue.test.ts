import { describe, expect, it } from 'vitest';
import {
  activityInputSchema,
  areaTypeInputSchema,
  componentInputSchema,
  systemInputSchema,
} from '../functions/catalogue-contracts';
import { starterCatalogue } from './starter-catalogue';

const { tiposArea, actividades, sistemas, componentes } = starterCatalogue;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** Codes that occur more than once, compared case-insensitively. */
const duplicates = (codes: string[]) => {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const code of codes.map((value) => value.trim().toLowerCase())) {
    if (seen.has(code)) repeated.add(code);
    seen.add(code);
  }
  return [...repeated];
};

const priorities = (items: { priority?: number }[]) => items.map((item) => item.priority);
const oneToN = (items: unknown[]) => items.map((_, index) => index + 1);

describe('starter catalogue: area types', () => {
  it('has at least 6 area types, each with 2 to 6 sub-areas', () => {
    expect(tiposArea.length).toBeGreaterThanOrEqual(6);
    for (const area of tiposArea) {
      expect(area.sectores?.length, area.code).toBeGreaterThanOrEqual(2);
      expect(area.sectores?.length, area.code).toBeLessThanOrEqual(6);
    }
  });

  it('every area type is a valid saveObject input', () => {
    for (const area of tiposArea) {
      expect(areaTypeInputSchema.safeParse(area).error, area.code).toBeUndefined();
    }
  });

  it('uses quantity 1 for most sub-areas and repeats some (e.g. a typical floor)', () => {
    const quantities = tiposArea.flatMap((area) => (area.sectores ?? []).map((sector) => sector.quantity ?? 1));
    const ones = quantities.filter((quantity) => quantity === 1).length;
    expect(ones * 2).toBeGreaterThan(quantities.length);
    expect(quantities.some((quantity) => quantity > 1)).toBe(true);
  });

  it('area type codes are unique case-insensitively, and sub-area codes within their area type', () => {
    expect(duplicates(tiposArea.map((area) => area.code))).toEqual([]);
    for (const area of tiposArea) {
      expect(duplicates((area.sectores ?? []).map((sector) => sector.code)), area.code).toEqual([]);
    }
  });

  it('numbers priorities 1..n, for area types and for the sub-areas of each', () => {
    expect(priorities(tiposArea)).toEqual(oneToN(tiposArea));
    for (const area of tiposArea)
      expect(priorities(area.sectores ?? []), area.code).toEqual(oneToN(area.sectores ?? []));
  });
});

describe('starter catalogue: activities', () => {
  it('has at least 30 activities, each a valid saveObject input', () => {
    expect(actividades.length).toBeGreaterThanOrEqual(30);
    for (const { resource: _resource, ...activity } of actividades) {
      expect(activityInputSchema.safeParse(activity).error, activity.code).toBeUndefined();
    }
  });

  it("issue 35: the structure's and finishes' productivity names a starter resource, with its unit of work", () => {
    const resourceCodes = new Set(starterCatalogue.recursos.map((resource) => resource.code));
    const sized = actividades.filter((activity) => activity.productivity !== undefined);
    expect(sized.map((activity) => activity.code)).toEqual(
      expect.arrayContaining(['EXC', 'MOL', 'ENF', 'HRM', 'TBQ', 'CIF', 'PAV', 'PNT']),
    );
    for (const activity of sized) {
      expect(activity.workUnit, activity.code).toBeDefined();
      expect(resourceCodes.has(activity.resource ?? ''), `${activity.code} → ${activity.resource}`).toBe(true);
    }
  });

  it('activity codes and names are unique case-insensitively', () => {
    expect(duplicates(actividades.map((activity) => activity.code))).toEqual([]);
    expect(duplicates(actividades.map((activity) => fold(activity.name)))).toEqual([]);
  });

  it('numbers activity priorities 1..n', () => {
    expect(priorities(actividades)).toEqual(oneToN(actividades));
  });

  it('gives every activity its own duration in working days, 0 to 20, instead of the default', () => {
    for (const activity of actividades) {
      expect(Number.isInteger(activity.duration), activity.code).toBe(true);
      expect(activity.duration, activity.code).toBeGreaterThanOrEqual(0);
      expect(activity.duration, activity.code).toBeLessThanOrEqual(20);
    }
    // realistic, not one number for everything
    expect(new Set(actividades.map((activity) => activity.duration)).size).toBeGreaterThanOrEqual(5);
  });

  it('makes procedures milestones (0 days) and crew work at least a day', () => {
    const duration = (code: string) => actividades.find((activity) => activity.code === code)?.duration;
    expect(duration('SEC')).toBe(0);
    expect(duration('RCP')).toBe(0);
    for (const code of ['TRZ', 'EXC', 'MOL', 'ENF', 'HRM', 'ALB', 'CAN', 'CEL', 'ART']) {
      expect(duration(code), code).toBeGreaterThanOrEqual(1);
    }
    // formwork and rebar take longer than the pour; masonry longer than the setting out
    expect(duration('MOL')).toBeGreaterThan(duration('TRZ')!);
    expect(duration('ENF')).toBeGreaterThanOrEqual(duration('HRM')!);
    expect(duration('ALB')).toBeGreaterThan(duration('HRM')!);
    expect(actividades.filter((activity) => activity.duration === 0).map((activity) => activity.code)).toEqual([
      'SEC',
      'RCP',
    ]);
  });
});

describe('starter catalogue: systems', () => {
  it('has at least 8 systems, each a valid saveObject input', () => {
    expect(sistemas.length).toBeGreaterThanOrEqual(8);
    for (const system of sistemas) {
      expect(systemInputSchema.safeParse(system).error, system.code).toBeUndefined();
    }
  });

  it.each([
    'agua potable',
    'alcantarillado',
    'electricidad',
    'climatizacion',
    'corrientes debiles',
    'gas',
    'incendio',
    'aguas lluvia',
  ])('includes a system for %s', (name) => {
    expect(sistemas.some((system) => fold(system.name).includes(name))).toBe(true);
  });

  it('system codes are unique case-insensitively', () => {
    expect(duplicates(sistemas.map((system) => system.code))).toEqual([]);
  });

  it('numbers system priorities 1..n', () => {
    expect(priorities(sistemas)).toEqual(oneToN(sistemas));
  });
});

describe('starter catalogue: main components', () => {
  it('has at least 8 main components, each with 2 to 5 subcomponents', () => {
    expect(componentes.length).toBeGreaterThanOrEqual(8);
    for (const component of componentes) {
      expect(component.subcomponents.length, component.code).toBeGreaterThanOrEqual(2);
      expect(component.subcomponents.length, component.code).toBeLessThanOrEqual(5);
    }
  });

  it('every component is a valid saveObject input once its activity codes are resolved', () => {
    for (const component of componentes) {
      const input = {
        ...component,
        subcomponents: component.subcomponents.map(({ code, name, priority }) => ({
          code,
          name,
          priority,
          actividades: [],
        })),
      };
      expect(componentInputSchema.safeParse(input).error, component.code).toBeUndefined();
    }
  });

  it('component codes are unique case-insensitively, and subcomponent codes within their component', () => {
    expect(duplicates(componentes.map((component) => component.code))).toEqual([]);
    for (const component of componentes) {
      expect(duplicates(component.subcomponents.map((sub) => sub.code)), component.code).toEqual([]);
    }
  });

  it('every subcomponent names 1 to 6 distinct activities, all of them existing activity codes', () => {
    const known = new Set(actividades.map((activity) => activity.code.toLowerCase()));
    for (const component of componentes) {
      for (const sub of component.subcomponents) {
        const where = `${component.code}/${sub.code}`;
        expect(sub.actividades.length, where).toBeGreaterThanOrEqual(1);
        expect(sub.actividades.length, where).toBeLessThanOrEqual(6);
        expect(duplicates(sub.actividades), where).toEqual([]);
        expect(
          sub.actividades.filter((code) => !known.has(code.toLowerCase())),
          where,
        ).toEqual([]);
      }
    }
  });

  it('numbers priorities 1..n, for components and for the subcomponents of each', () => {
    expect(priorities(componentes)).toEqual(oneToN(componentes));
    for (const component of componentes) {
      expect(priorities(component.subcomponents), component.code).toEqual(oneToN(component.subcomponents));
    }
  });
});

describe('starter catalogue: codes', () => {
  it('no code contains a dot or surrounding spaces, since EDP and EDC codes are joined with "."', () => {
    const codes = [
      ...tiposArea.flatMap((area) => [area.code, ...(area.sectores ?? []).map((sector) => sector.code)]),
      ...actividades.map((activity) => activity.code),
      ...sistemas.map((system) => system.code),
      ...componentes.flatMap((component) => [component.code, ...component.subcomponents.map((sub) => sub.code)]),
    ];
    expect(codes.filter((code) => code.includes('.') || code !== code.trim() || code === '')).toEqual([]);
  });
});
