import type { Component, EdcItem, EdpItem } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import {
  assignComponent,
  buildEdpTreeItems,
  edcGridRows,
  initialEdpTreeExpanded,
  newEdcItem,
  removeEdcItem,
  updateEdcItem,
  validateEdcDraft,
} from './edc-rows';

const edp: EdpItem[] = [
  { id: 3, parentId: 2, code: 'P.1.1', name: 'Piso 1' },
  { id: 1, code: 'P', name: 'Proyecto' },
  { id: 2, parentId: 1, code: 'P.1', name: 'Torre' },
  { id: 4, parentId: 1, code: 'P.2', name: 'Patio' },
  { id: 9, parentId: 77, code: 'X', name: 'Huérfano' },
];

const list: EdcItem[] = [
  { code: 'ASC.1.ELE.3', name: 'Ascensor', parentCode: 'P.1', kind: 'main', sourceId: 'c1' },
  { code: 'ASC.1.ELE.3.1', name: 'Motor', parentCode: 'ASC.1.ELE.3', kind: 'sub' },
  { code: 'BOM.1.AP.1', name: 'Bomba', parentCode: 'P.1', kind: 'main', sourceId: 'c2' },
  { code: 'ACT1', name: 'Montaje', parentCode: 'ASC.1.ELE.3.1', kind: 'activity', sourceId: 'a1' },
  { code: 'BOM.1.AP.1.1', name: 'Impulsor', parentCode: 'BOM.1.AP.1', kind: 'sub' },
  { code: 'ACT2', name: 'Instalación', parentCode: 'BOM.1.AP.1.1', kind: 'activity', sourceId: 'a2' },
  { code: 'ASC.1.ELE.3.2', name: 'Cabina', parentCode: 'asc.1.ele.3', kind: 'sub' },
];

const codes = (items: readonly EdcItem[]) => items.map((item) => item.code);

describe('buildEdpTreeItems', () => {
  it('nests the EDP items under their parents in one pass, whatever order they come in', () => {
    expect(buildEdpTreeItems(edp)).toEqual([
      {
        id: '1',
        label: 'P Proyecto',
        children: [
          { id: '2', label: 'P.1 Torre', children: [{ id: '3', label: 'P.1.1 Piso 1', children: [] }] },
          { id: '4', label: 'P.2 Patio', children: [] },
        ],
      },
      { id: '9', label: 'X Huérfano', children: [] },
    ]);
  });

  it('opens only the top level at first, so a large EDP renders a handful of rows', () => {
    expect(initialEdpTreeExpanded(edp)).toEqual(['1']);
  });

  it('also opens the branch down to a remembered item, and nothing more for an unknown one', () => {
    expect(initialEdpTreeExpanded(edp, 3)).toEqual(['1', '2']);
    expect(initialEdpTreeExpanded(edp, 4)).toEqual(['1']);
    expect(initialEdpTreeExpanded(edp, 99)).toEqual(['1']);
  });

  it('builds a 5,000-item EDP with every item once', () => {
    const many: EdpItem[] = [{ id: 1, code: 'P', name: 'P' }];
    for (let id = 2; id <= 5000; id += 1) many.push({ id, parentId: Math.floor(id / 2), code: `C${id}`, name: 'x' });
    const count = (nodes: ReturnType<typeof buildEdpTreeItems>): number =>
      nodes.reduce((sum, node) => sum + 1 + count(node.children), 0);
    expect(count(buildEdpTreeItems(many))).toBe(5000);
  });
});

describe('edcGridRows (the EDC grid as a tree by parentCode)', () => {
  it('puts each item under its parent (codes without regard to case), in list order, with its depth', () => {
    expect(edcGridRows(list).map((row) => [row.item.code, row.depth, row.hasChildren])).toEqual([
      ['ASC.1.ELE.3', 0, true],
      ['ASC.1.ELE.3.1', 1, true],
      ['ACT1', 2, false],
      ['ASC.1.ELE.3.2', 1, false],
      ['BOM.1.AP.1', 0, true],
      ['BOM.1.AP.1.1', 1, true],
      ['ACT2', 2, false],
    ]);
  });

  it('shows an item whose parent is missing at the top instead of hiding it', () => {
    const orphan: EdcItem = { code: 'ACT9', name: 'Suelta', parentCode: 'NO', kind: 'activity' };
    expect(edcGridRows([orphan]).map((row) => [row.item.code, row.depth])).toEqual([['ACT9', 0]]);
  });
});

describe('removeEdcItem', () => {
  it('removes a main item together with its subcomponent and activity items', () => {
    expect(codes(removeEdcItem(list, 'ASC.1.ELE.3'))).toEqual(['BOM.1.AP.1', 'BOM.1.AP.1.1', 'ACT2']);
  });

  it('removes a single activity and nothing else', () => {
    expect(codes(removeEdcItem(list, 'ACT2'))).toEqual(codes(list.filter((item) => item.code !== 'ACT2')));
  });
});

describe('validateEdcDraft', () => {
  it('requires code and name', () => {
    expect(validateEdcDraft(list, { code: ' ', name: '' }, 0)).toEqual({ code: 'required', name: 'required' });
  });

  it('refuses a code another row has, without regard to case, but accepts the row keeping its own', () => {
    expect(validateEdcDraft(list, { code: 'act1', name: 'X' }, 0)).toEqual({ code: 'duplicate' });
    expect(validateEdcDraft(list, { code: 'ACT1', name: 'X' }, 3)).toEqual({});
  });

  it('keeps an activity coded ACT followed by a number, as the server requires', () => {
    expect(validateEdcDraft(list, { code: 'MONTAJE', name: 'X' }, 3)).toEqual({ code: 'activity' });
    expect(validateEdcDraft(list, { code: 'ACT99', name: 'X' }, 3)).toEqual({});
  });
});

describe('updateEdcItem', () => {
  it('renames the row and moves its children to the new code', () => {
    const next = updateEdcItem(list, 4, { code: 'BOM.1.AP.1.9 ', name: ' Rodete ' });
    expect(next[4]).toMatchObject({ code: 'BOM.1.AP.1.9', name: 'Rodete', kind: 'sub' });
    expect(next[5]?.parentCode).toBe('BOM.1.AP.1.9');
    expect(list[4]?.code).toBe('BOM.1.AP.1.1');
  });
});

describe('newEdcItem', () => {
  it('adds a main component under the EDP item when no row is selected', () => {
    const added = newEdcItem(list, 'P.1', null, '');
    expect(added.list[added.index]).toEqual({ code: '', name: '', parentCode: 'P.1', kind: 'main' });
    expect(added.index).toBe(list.length);
  });

  it('adds the next subcomponent of a selected main item after its subtree', () => {
    const added = newEdcItem(list, 'P.1', list[0] ?? null, '');
    expect(added.list[added.index]).toMatchObject({ code: 'ASC.1.ELE.3.3', parentCode: 'ASC.1.ELE.3', kind: 'sub' });
    expect(added.index).toBe(list.length);
  });

  it('adds the next ACT activity under a selected subcomponent', () => {
    const added = newEdcItem(list, 'P.1', list[1] ?? null, '');
    expect(added.list[added.index]).toMatchObject({ code: 'ACT3', parentCode: 'ASC.1.ELE.3.1', kind: 'activity' });
    expect(added.index).toBe(4);
  });
});

describe('assignComponent (a drop or Asignar)', () => {
  const component: Component = {
    _id: 'c-esc',
    id: 'c-esc',
    code: 'ESC',
    name: 'Escalera',
    priority: 2,
    subcomponents: [
      {
        id: 1,
        code: 'PEL',
        name: 'Peldaños',
        priority: 1,
        actividades: [{ _id: 'a-hor', id: 'a-hor', code: 'HOR', name: 'Hormigonado', priority: 1, duration: 5 }],
      },
    ],
  };
  const selected = { id: 2, code: 'P.1', name: 'Torre' };

  it('refuses a drop with no EDP item selected and leaves the list alone', () => {
    expect(
      assignComponent({
        edpItem: { id: 0, code: '', name: '' },
        system: { code: 'ELE' },
        component,
        list: [],
        noItemMessage: 'Selecciona un ítem',
      }),
    ).toEqual({ ok: false, error: 'Selecciona un ítem' });
  });

  it('appends the generated items after the existing list, continuing the ACT numbers', () => {
    const result = assignComponent({ edpItem: selected, system: { code: 'ELE' }, component, list, noItemMessage: '' });
    expect(result.ok && codes(result.list)).toEqual([...codes(list), 'ESC.1.ELE.2', 'ESC.1.ELE.2.1', 'ACT3']);
  });

  it('gives every generated row the catalogue code and name it came from', () => {
    const result = assignComponent({
      edpItem: selected,
      system: { code: 'ELE' },
      component,
      list: [],
      noItemMessage: '',
    });
    expect(result.ok && result.added.map((item) => [item.code, item.sourceCode, item.sourceName])).toEqual([
      ['ESC.1.ELE.2', 'ESC', 'Escalera'],
      ['ESC.1.ELE.2.1', 'PEL', 'Peldaños'],
      ['ACT1', 'HOR', 'Hormigonado'],
    ]);
  });

  it('keeps the catalogue code and name of a row whose code and name are edited', () => {
    const generated = assignComponent({
      edpItem: selected,
      system: { code: 'ELE' },
      component,
      list: [],
      noItemMessage: '',
    });
    if (!generated.ok) throw new Error(generated.error);
    const edited = updateEdcItem(generated.list, 2, { code: 'ACT7', name: 'Hormigonado de peldaños' });
    expect(edited[2]).toMatchObject({ code: 'ACT7', name: 'Hormigonado de peldaños', sourceCode: 'HOR' });
    expect(edited[2]?.sourceName).toBe('Hormigonado');
  });

  it("refuses a duplicate main code with the domain's message", () => {
    const first = assignComponent({ edpItem: selected, system: { code: 'ELE' }, component, list, noItemMessage: '' });
    if (!first.ok) throw new Error(first.error);
    const second = assignComponent({
      edpItem: selected,
      system: { code: 'ELE' },
      component,
      list: first.list,
      noItemMessage: '',
    });
    expect(second).toEqual({
      ok: false,
      error: 'El componente ESC.1.ELE.2 ya está asignado a P.1; no se agrega dos veces',
    });
  });
});
