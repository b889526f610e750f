import { describe, expect, it } from 'vitest';
import { changeLogDetailSchema } from '../functions/change-log-contracts';
import { catalogueChange, catalogueRecordName, catalogueSeedChange } from './catalogue-changes';
import type { CatalogueChangeRecord, CatalogueChangeSubcomponent } from './catalogue-changes';
import { CHANGE_LOG_LIST_CAP } from './change-log-detail';

const activity: CatalogueChangeRecord = { code: 'ACT12', name: 'Relleno y compactación', priority: 3, duration: 5 };

const tick = (id: string, code: string, name: string) => ({ _id: id, code, name });
const sub = (id: number, code: string, name: string, ticks = [tick('a1', 'ACT1', 'Excavar')]) => ({
  id,
  code,
  name,
  priority: 1,
  actividades: ticks,
});

describe('catalogueRecordName', () => {
  it("names a record as the screens do: 'Actividad ACT12 Relleno y compactación'", () => {
    expect(catalogueRecordName('actividades', activity)).toBe('Actividad ACT12 Relleno y compactación');
    expect(catalogueRecordName('tipos-area', { code: 'TA1', name: 'Torre' })).toBe('Tipo de área TA1 Torre');
    expect(catalogueRecordName('sistemas', { code: 'S1', name: 'Obra gruesa' })).toBe('Sistema S1 Obra gruesa');
    expect(catalogueRecordName('componentes', { code: 'C1', name: 'Muros' })).toBe('Componente C1 Muros');
  });
});

describe('catalogueChange (issue 30: a catalogue record saved or deleted, as the Registro de cambios tells it)', () => {
  it("tells a creation as 'creó', every field from nothing", () => {
    const change = catalogueChange('actividades', undefined, activity);
    expect(change).toEqual({
      action: 'create',
      record: 'Actividad ACT12 Relleno y compactación',
      summary: 'creó',
      detail: {
        changes: [
          { field: 'Código', from: '', to: 'ACT12' },
          { field: 'Nombre', from: '', to: 'Relleno y compactación' },
          { field: 'Prioridad', from: '', to: '3' },
          { field: 'Duración', from: '', to: '5 días' },
        ],
        notes: [],
        omitted: 0,
      },
    });
    expect(changeLogDetailSchema.parse(change?.detail)).toEqual(change?.detail);
  });

  it("lists only the fields that changed, in the form's order: 'modificó: Nombre, Duración'", () => {
    const change = catalogueChange('actividades', activity, { ...activity, name: 'Relleno compactado', duration: 0 });
    expect(change?.action).toBe('update');
    expect(change?.record).toBe('Actividad ACT12 Relleno compactado');
    expect(change?.summary).toBe('modificó: Nombre, Duración');
    expect(change?.detail.changes).toEqual([
      { field: 'Nombre', from: 'Relleno y compactación', to: 'Relleno compactado' },
      { field: 'Duración', from: '5 días', to: '0 días (hito)' },
    ]);
  });

  it("issue 35: a resource's own calendar as it reads, from the project's and back", () => {
    const crane = {
      code: 'GRUA',
      name: 'Grúa torre',
      priority: 1,
      type: 'equipment' as const,
      unit: 'un',
      maxUnits: 1,
    };
    const own = {
      ...crane,
      calendar: {
        workingWeekdays: [1, 2, 3, 4, 5],
        exceptions: [{ from: '2026-02-16', to: '2026-02-27', name: 'Mantención' }],
      },
    };
    expect(catalogueChange('recursos', crane, own)?.detail.changes).toEqual([
      {
        field: 'Calendario',
        from: 'el del proyecto',
        to: 'L–V; no trabaja: 16-02-2026 a 27-02-2026 Mantención',
      },
    ]);
    expect(catalogueChange('recursos', own, { ...own, calendar: { exceptions: [] } })?.detail.changes).toEqual([
      { field: 'Calendario', from: 'L–V; no trabaja: 16-02-2026 a 27-02-2026 Mantención', to: '' },
    ]);
    expect(catalogueChange('recursos', own, structuredClone(own))).toBeNull();
  });

  it('answers null for a save that changed nothing', () => {
    expect(catalogueChange('actividades', activity, { ...activity })).toBeNull();
    const areaType = {
      code: 'TA',
      name: 'Torre',
      priority: 1,
      sectores: [{ id: 1, code: 'P1', name: 'Piso 1', quantity: 2, priority: 1 }],
    };
    expect(catalogueChange('tipos-area', areaType, structuredClone(areaType))).toBeNull();
  });

  it("tells a deletion as 'eliminó', with where a deleted activity was ticked", () => {
    const change = catalogueChange('actividades', activity, undefined, [
      { component: { code: 'C1', name: 'Muros' }, subcomponent: { code: 'CB1', name: 'Muro perimetral' } },
      { component: { code: 'C2', name: 'Losas' }, subcomponent: { code: 'CB3', name: 'Losa 1' } },
    ]);
    expect(change?.action).toBe('delete');
    expect(change?.summary).toBe('eliminó; se quitó de 2 componentes básicos');
    expect(change?.detail.changes[0]).toEqual({ field: 'Código', from: 'ACT12', to: '' });
    expect(change?.detail.notes).toEqual([
      'Se quitó del componente básico CB1 Muro perimetral (componente C1 Muros)',
      'Se quitó del componente básico CB3 Losa 1 (componente C2 Losas)',
    ]);
    expect(catalogueChange('sistemas', { code: 'S1', name: 'Obra gruesa', priority: 1 }, undefined)?.summary).toBe(
      'eliminó',
    );
  });

  it('compares sub-areas by id: added, removed and each field changed', () => {
    const before = {
      code: 'TA',
      name: 'Torre',
      priority: 1,
      sectores: [
        { id: 1, code: 'P1', name: 'Piso 1', quantity: 1, priority: 1 },
        { id: 2, code: 'P2', name: 'Piso 2', quantity: 1, priority: 2 },
      ],
    };
    const after = {
      ...before,
      sectores: [
        { id: 1, code: 'P1', name: 'Piso uno', quantity: 3, priority: 1 },
        { id: 3, code: 'P3', name: 'Piso 3', quantity: 1, priority: 3 },
      ],
    };
    const change = catalogueChange('tipos-area', before, after);
    expect(change?.summary).toBe('modificó: Subáreas');
    expect(change?.detail.changes).toEqual([
      { item: 'Subárea P1 Piso uno', field: 'Nombre', from: 'Piso 1', to: 'Piso uno' },
      { item: 'Subárea P1 Piso uno', field: 'Cantidad', from: '1', to: '3' },
      { field: 'Subárea', from: '', to: 'P3 Piso 3 (cantidad 1, prioridad 3)' },
      { field: 'Subárea', from: 'P2 Piso 2 (cantidad 1, prioridad 2)', to: '' },
    ]);
  });

  it("compares a component's subcomponents and their ticked activities by the activity's id", () => {
    const before = {
      code: 'C1',
      name: 'Muros',
      priority: 1,
      subcomponents: [sub(1, 'CB1', 'Muro', [tick('a1', 'ACT1', 'Excavar'), tick('a2', 'ACT2', 'Moldaje')])],
    };
    const after = {
      ...before,
      name: 'Muros y tabiques',
      subcomponents: [
        sub(1, 'CB1', 'Muro', [tick('a2', 'ACT2', 'Moldaje'), tick('a3', 'ACT3', 'Hormigón')]),
        sub(2, 'CB2', 'Tabique', []),
      ],
    };
    const change = catalogueChange('componentes', before, after);
    expect(change?.record).toBe('Componente C1 Muros y tabiques');
    expect(change?.summary).toBe('modificó: Nombre, Componentes básicos');
    expect(change?.detail.changes).toEqual([
      { field: 'Nombre', from: 'Muros', to: 'Muros y tabiques' },
      { item: 'Componente básico CB1 Muro', field: 'Actividad', from: '', to: 'ACT3 Hormigón' },
      { item: 'Componente básico CB1 Muro', field: 'Actividad', from: 'ACT1 Excavar', to: '' },
      { field: 'Componente básico', from: '', to: 'CB2 Tabique (prioridad 1; sin actividades)' },
    ]);
    // the order of the ticks is not a change
    const reordered = {
      ...before,
      subcomponents: [sub(1, 'CB1', 'Muro', [tick('a2', 'ACT2', 'Moldaje'), tick('a1', 'ACT1', 'Excavar')])],
    };
    expect(catalogueChange('componentes', before, reordered)).toBeNull();
  });

  it('lists a created component with its subcomponents, their ticks shortened after 20', () => {
    const many = Array.from({ length: 23 }, (_, index) => tick(`a${index}`, `A${index + 1}`, `Actividad ${index + 1}`));
    const component = { code: 'C9', name: 'Grande', priority: 2, subcomponents: [sub(1, 'CB1', 'Todo', many)] };
    const change = catalogueChange('componentes', undefined, component);
    expect(change?.detail.changes.at(-1)).toEqual({
      field: 'Componente básico',
      from: '',
      to: `CB1 Todo (prioridad 1; 23 actividades: ${many
        .slice(0, 20)
        .map((one) => one.code)
        .join(', ')} y 3 más)`,
    });
  });

  it('keeps at most 500 changes in the detail and counts the rest', () => {
    const subcomponents: CatalogueChangeSubcomponent[] = Array.from({ length: 600 }, (_, index) =>
      sub(index + 1, `CB${index + 1}`, `Básico ${index + 1}`, []),
    );
    const change = catalogueChange(
      'componentes',
      { code: 'C1', name: 'M', priority: 1, subcomponents: [] },
      {
        code: 'C1',
        name: 'M',
        priority: 1,
        subcomponents,
      },
    );
    expect(change?.detail.changes).toHaveLength(CHANGE_LOG_LIST_CAP);
    expect(change?.detail.omitted).toBe(100);
    expect(change?.summary).toBe('modificó: Componentes básicos');
  });
});

describe('catalogueSeedChange', () => {
  it("counts what the starter catalogue added: 'cargó 1 tipo de área, 2 actividades y 1 componente'", () => {
    const change = catalogueSeedChange([
      { collection: 'actividades', code: 'ACT1', name: 'Excavar' },
      { collection: 'tipos-area', code: 'TA1', name: 'Torre' },
      { collection: 'actividades', code: 'ACT2', name: 'Moldaje' },
      { collection: 'componentes', code: 'C1', name: 'Muros' },
    ]);
    expect(change).toMatchObject({
      action: 'seed',
      record: 'Catálogos de ejemplo',
      summary: 'cargó 1 tipo de área, 2 actividades y 1 componente',
    });
    expect(change?.detail.changes[0]).toEqual({ field: 'Actividad', from: '', to: 'ACT1 Excavar' });
    expect(catalogueSeedChange([{ collection: 'sistemas', code: 'S', name: 'Uno' }])?.summary).toBe('cargó 1 sistema');
  });

  it('answers null when nothing was added', () => {
    expect(catalogueSeedChange([])).toBeNull();
  });
});
