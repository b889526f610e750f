import { describe, expect, it } from 'vitest';
import { resourcesForImport } from './mspdi-resources';
import { parseMspdi } from './parse-mspdi';
import type { ImportedResource, MspdiExport } from './types';
import { writeMspdi } from './write-mspdi';

const crew: ImportedResource = {
  uid: 1,
  name: 'Cuadrilla moldaje',
  initials: 'CM',
  kind: 'work',
  maxUnits: 2,
  rate: 6250,
};
const concrete: ImportedResource = {
  uid: 2,
  name: 'Hormigón H30',
  kind: 'material',
  unitLabel: 'm3',
  maxUnits: 10_000,
  rate: 95_000.5,
};

describe('resourcesForImport (issue 35)', () => {
  it('adds what the catalogue lacks, with a unique code, its type, unit, maximum and rate per day or unit', () => {
    const plan = resourcesForImport([crew, concrete], [{ _id: 'x', code: 'cm', name: 'Otra cosa' }], {
      currencyCode: 'CLP',
      hoursPerDay: 8,
    });
    expect(plan.existing.size).toBe(0);
    expect(plan.created).toEqual([
      {
        uid: 1,
        // 'CM' is taken (codes compare without case): the next free one
        object: {
          code: 'CM-2',
          name: 'Cuadrilla moldaje',
          type: 'labor',
          unit: 'un',
          maxUnits: 2,
          currency: 'CLP',
          costPerDay: '50000',
        },
      },
      {
        uid: 2,
        // pesos have no decimals
        object: {
          code: 'HORMIGON-H30',
          name: 'Hormigón H30',
          type: 'material',
          unit: 'm3',
          maxUnits: 10_000,
          currency: 'CLP',
          costPerUnit: '95001',
        },
      },
    ]);
  });

  it('finds a resource by its name, case and spaces aside; the catalogue does not change', () => {
    const plan = resourcesForImport([crew], [{ _id: 'mine', code: 'X', name: '  cuadrilla   MOLDAJE ' }], {});
    expect(plan.existing.get(1)).toBe('mine');
    expect(plan.created).toEqual([]);
    expect(plan.notes).toEqual([
      'Se asocian a recursos que ya estaban en el catálogo, por su nombre: Cuadrilla moldaje; el catálogo no cambia.',
    ]);
  });

  it('takes CLF as the UF (4 decimals) and says when a currency is not one Cimiento keeps', () => {
    const uf = resourcesForImport([{ ...crew, rate: 0.123456 }], [], { currencyCode: 'CLF', hoursPerDay: 9 });
    expect(uf.created[0]?.object).toMatchObject({ currency: 'UF', costPerDay: '1.1111' });
    const euros = resourcesForImport([crew], [], { currencyCode: 'EUR' });
    expect(euros.created[0]?.object.costPerDay).toBeUndefined();
    expect(euros.notes).toContain(
      'No se importan las tarifas de los recursos: el archivo está en EUR, y Cimiento lleva los costos en CLP, UF o USD.',
    );
  });
});

describe('MSPDI resources out and back (issue 35)', () => {
  it('writes Work and Material resources and the assignments; reading the file gives them back', () => {
    const input: MspdiExport = {
      projectName: 'Edificio',
      currency: 'CLP',
      projectStart: '2026-03-02',
      projectFinish: '2026-03-13',
      calendar: { workingWeekdays: [1, 2, 3, 4, 5], exceptions: [], holidays: [] },
      tasks: [
        {
          id: 10,
          code: 'A',
          name: 'Moldaje',
          start: '2026-03-02',
          end: '2026-03-06',
          duration: 5,
          isSummary: false,
          progress: 0,
          resources: [
            { resourceUid: 1, units: 2 },
            { resourceUid: 2, units: 7.5 },
          ],
        },
        {
          id: 11,
          code: 'B',
          name: 'Hormigonado',
          start: '2026-03-09',
          end: '2026-03-13',
          duration: 5,
          isSummary: false,
          progress: 0,
          resources: [{ resourceUid: 2, units: 12 }],
        },
      ],
      links: [],
      resources: [
        {
          uid: 1,
          name: 'Cuadrilla moldaje',
          code: 'CMOL',
          kind: 'work',
          unit: 'cuadrilla',
          maxUnits: 2,
          costPerDay: '50000',
        },
        {
          uid: 2,
          name: 'Hormigón H30',
          code: 'H30',
          kind: 'material',
          unit: 'm3',
          maxUnits: 120,
          costPerUnit: '95000',
        },
      ],
    };
    const parsed = parseMspdi(writeMspdi(input));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.schedule.resources).toEqual([
      { uid: 1, name: 'Cuadrilla moldaje', initials: 'CMOL', kind: 'work', maxUnits: 2, rate: 6250 },
      {
        uid: 2,
        name: 'Hormigón H30',
        initials: 'H30',
        kind: 'material',
        unitLabel: 'm3',
        maxUnits: 10_000,
        rate: 95_000,
      },
    ]);
    expect(parsed.schedule.tasks.map((task) => [task.name, task.resources])).toEqual([
      [
        'Moldaje',
        [
          { resourceUid: 1, units: 2 },
          { resourceUid: 2, units: 7.5 },
        ],
      ],
      ['Hormigonado', [{ resourceUid: 2, units: 12 }]],
    ]);
    expect(parsed.schedule.currencyCode).toBe('CLP');
    // and against the catalogue they are the same per day and per unit
    const plan = resourcesForImport(parsed.schedule.resources ?? [], [], { currencyCode: 'CLP', hoursPerDay: 8 });
    expect(plan.created.map((entry) => entry.object.costPerDay ?? entry.object.costPerUnit)).toEqual([
      '50000',
      '95000',
    ]);
  });
});
