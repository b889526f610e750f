import { describe, expect, it } from 'vitest';
import type { PricedEdpItem } from '../costs/edp-amounts';
import type { EdpItem } from '../edp/generate-edp';
import { MAX_EDP_ITEMS } from '../functions/project-contracts';
import { cellPrice, edpItemsFromRows, edpSheetRows } from './edp-workbook';
import type { SheetCell, SheetRow } from './sheet-rows';

const current: EdpItem[] = [
  { id: 1, code: 'HRT', name: 'Hospital' },
  { id: 2, parentId: 1, code: 'HRT.1', name: 'Torre A' },
  { id: 3, parentId: 2, code: 'HRT.1.1', name: 'Piso 1' },
  { id: 4, parentId: 2, code: 'HRT.1.2', name: 'Piso 2' },
  { id: 7, parentId: 1, code: 'HRT.2', name: 'Torre B' },
];

/** A sheet as exported: the header in row 1, then the given rows from row 2. */
function sheet(rows: SheetCell[][], header: SheetCell[] = ['Código', 'Nombre', 'Nivel']): SheetRow[] {
  return [header, ...rows].map((cells, index) => ({ row: index + 1, cells }));
}

const exported = (items: EdpItem[]) => sheet(edpSheetRows(items).map((row) => [row.code, row.name, row.level]));

describe('edpSheetRows', () => {
  it('writes one row per item in tree order, Nivel being the depth with the root at 0', () => {
    const shuffled = [current[0], current[4], current[1], current[2], current[3]] as EdpItem[];
    expect(edpSheetRows(shuffled)).toEqual([
      { code: 'HRT', name: 'Hospital', level: 0, summary: true },
      { code: 'HRT.2', name: 'Torre B', level: 1 },
      { code: 'HRT.1', name: 'Torre A', level: 1, summary: true },
      { code: 'HRT.1.1', name: 'Piso 1', level: 2 },
      { code: 'HRT.1.2', name: 'Piso 2', level: 2 },
    ]);
  });

  it('writes the price fields as set, and Monto as the item total rolled up the tree in the currency', () => {
    const priced: PricedEdpItem[] = [
      current[0] as EdpItem,
      current[1] as EdpItem,
      { ...(current[2] as EdpItem), unit: 'm2', quantity: '12.5', unitPrice: '1000.5' }, // 12506.25
      { ...(current[3] as EdpItem), unit: 'gl', quantity: '1' }, // no price: no amount
      { ...(current[4] as EdpItem), quantity: '2', unitPrice: '0.25' }, // 0.5
    ];
    expect(edpSheetRows(priced, 'CLP')).toEqual([
      { code: 'HRT', name: 'Hospital', level: 0, summary: true, amount: '12507' },
      { code: 'HRT.1', name: 'Torre A', level: 1, summary: true, amount: '12506' },
      { code: 'HRT.1.1', name: 'Piso 1', level: 2, unit: 'm2', quantity: '12.5', unitPrice: '1000.5', amount: '12506' },
      { code: 'HRT.1.2', name: 'Piso 2', level: 2, unit: 'gl', quantity: '1' },
      { code: 'HRT.2', name: 'Torre B', level: 1, quantity: '2', unitPrice: '0.25', amount: '1' },
    ]);
    expect(edpSheetRows(priced, 'USD').map((row) => row.amount)).toEqual([
      '12506.75',
      '12506.25',
      '12506.25',
      undefined,
      '0.5',
    ]);
  });
});

describe('cellPrice', () => {
  it.each<[SheetCell, string | null]>([
    [12.5, '12.5'],
    [0, '0'],
    ['1.234,5', '1234.5'],
    ['12,5', '12.5'],
    ['1.234', '1234'],
    ['1.234.567', '1234567'],
    ['12.5', '12.5'],
    [' 3 ', '3'],
    ['$ 1.500', '1500'],
    ['', null],
    [null, null],
  ])('reads %j as %j', (cell, value) => {
    expect(cellPrice(cell)).toEqual({ ok: true, value });
  });

  it.each<[SheetCell, string]>([
    ['doce', 'debe ser un número, por ejemplo 1.234,5'],
    ['1,2,3', 'tiene más de una coma decimal'],
    ['1.23.4,5', 'los puntos deben separar miles, por ejemplo 1.234.567,89'],
    [-1, 'debe ser 0 o más'],
    ['-1', 'debe ser 0 o más'],
    ['1,23456', 'admite como máximo 4 decimales'],
    [0.1 + 0.2, 'admite como máximo 4 decimales'],
    [true, 'debe ser un número, por ejemplo 1.234,5'],
  ])('refuses %j: %s', (cell, error) => {
    expect(cellPrice(cell)).toEqual({ ok: false, error });
  });
});

describe('edpItemsFromRows with prices', () => {
  const header = ['Código', 'Nombre', 'Nivel', 'Unidad', 'Cantidad', 'Precio unitario', 'Monto (CLP)'];

  it('reads Unidad, Cantidad and Precio unitario (numbers or Chilean text), clears on an empty cell, ignores Monto', () => {
    const rows = sheet(
      [
        ['HRT', 'Hospital', 0, '', '', '', 999],
        ['HRT.1', 'Torre A', 1, null, null, null, 'lo que sea'],
        ['HRT.1.1', 'Piso 1', 2, 'm2', 12.5, '1.000,5', 12506],
        ['HRT.1.2', 'Piso 2', 2, ' gl ', '1', 2500000, null],
        ['HRT.2', 'Torre B', 1, 'ml', '', '', null],
      ],
      header,
    );
    const result = edpItemsFromRows(rows, current, 'HRT');
    expect(result.errors).toEqual([]);
    expect(result.items).toEqual([
      { id: 1, code: 'HRT', name: 'Hospital', unit: null, quantity: null, unitPrice: null },
      { id: 2, parentId: 1, code: 'HRT.1', name: 'Torre A', unit: null, quantity: null, unitPrice: null },
      { id: 3, parentId: 2, code: 'HRT.1.1', name: 'Piso 1', unit: 'm2', quantity: '12.5', unitPrice: '1000.5' },
      { id: 4, parentId: 2, code: 'HRT.1.2', name: 'Piso 2', unit: 'gl', quantity: '1', unitPrice: '2500000' },
      { id: 7, parentId: 1, code: 'HRT.2', name: 'Torre B', unit: 'ml', quantity: null, unitPrice: null },
    ]);
    // the three priced rows change the (unpriced) stored items; emptied cells on unpriced items change nothing
    expect(result.counts).toEqual({ added: 0, renamed: 0, removed: 0, kept: 2, repriced: 3 });
  });

  it('leaves out the fields of a missing column (the import keeps what is stored)', () => {
    const rows = sheet(
      [
        ['HRT', 'Hospital', 0, ''],
        ['HRT.1', 'Torre A', 1, '3'],
      ],
      ['Código', 'Nombre', 'Nivel', 'Cantidad'],
    );
    const result = edpItemsFromRows(rows, current, 'HRT');
    expect(result.errors).toEqual([]);
    expect(result.items).toEqual([
      { id: 1, code: 'HRT', name: 'Hospital', quantity: null },
      { id: 2, parentId: 1, code: 'HRT.1', name: 'Torre A', quantity: '3' },
    ]);
  });

  it('names every bad number and unit with its row and column, in Spanish, and answers no items', () => {
    const rows = sheet(
      [
        ['HRT', 'Hospital', 0, '', '', '', null],
        ['HRT.1', 'Torre A', 1, 'x'.repeat(21), 'doce', -5, null],
        ['HRT.1.1', 'Piso 1', 2, 'm2', '1,23456', '1.23.4', null],
      ],
      header,
    );
    const result = edpItemsFromRows(rows, current, 'HRT');
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([
      { row: 3, field: 'Unidad', message: 'Fila 3: Unidad tiene 21 caracteres; el máximo es 20' },
      { row: 3, field: 'Cantidad', message: 'Fila 3: Cantidad debe ser un número, por ejemplo 1.234,5; tiene «doce»' },
      { row: 3, field: 'Precio unitario', message: 'Fila 3: Precio unitario debe ser 0 o más; tiene «-5»' },
      { row: 4, field: 'Cantidad', message: 'Fila 4: Cantidad admite como máximo 4 decimales; tiene «1,23456»' },
      {
        row: 4,
        field: 'Precio unitario',
        message: 'Fila 4: Precio unitario debe ser un número, por ejemplo 1.234,5; tiene «1.23.4»',
      },
    ]);
  });

  it('reads back what it exported, prices included', () => {
    const priced: PricedEdpItem[] = [
      current[0] as EdpItem,
      current[1] as EdpItem,
      { ...(current[2] as EdpItem), unit: 'm2', quantity: '12.5', unitPrice: '1000.5' },
      { ...(current[3] as EdpItem), unit: 'gl', quantity: '1' },
      current[4] as EdpItem,
    ];
    const rows = sheet(
      edpSheetRows(priced, 'CLP').map((row) => [
        row.code,
        row.name,
        row.level,
        row.unit ?? null,
        row.quantity === undefined ? null : Number(row.quantity),
        row.unitPrice === undefined ? null : Number(row.unitPrice),
        row.amount === undefined ? null : Number(row.amount),
      ]),
      header,
    );
    const result = edpItemsFromRows(rows, priced, 'HRT');
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ added: 0, renamed: 0, removed: 0, kept: 5, repriced: 0 });
    const none = { unit: null, quantity: null, unitPrice: null };
    expect(result.items).toEqual([
      { ...current[0], ...none },
      { ...current[1], ...none },
      { ...current[2], unit: 'm2', quantity: '12.5', unitPrice: '1000.5' },
      { ...current[3], unit: 'gl', quantity: '1', unitPrice: null },
      { ...current[4], ...none },
    ]);
  });
});

describe('edpItemsFromRows', () => {
  it('reads an exported sheet back unchanged: same ids, nothing added, renamed or removed', () => {
    const result = edpItemsFromRows(exported(current), current, 'HRT');
    expect(result.errors).toEqual([]);
    expect(result.items).toEqual(current);
    expect(result.counts).toEqual({ added: 0, renamed: 0, removed: 0, kept: 5, repriced: 0 });
    expect(result.rows).toBe(5);
    expect(result.removedIds).toEqual([]);
  });

  it('keeps ids by code (case-insensitive), gives new codes ids above the highest, counts renames and removals', () => {
    const rows = sheet([
      ['HRT', 'Hospital', 0],
      ['hrt.1', 'Torre A', 1], // same item, code written in lower case: kept id, counted as renamed
      ['HRT.1.1', 'Piso 1 norte', 2], // renamed
      ['HRT.3', 'Torre C', 1], // added
      ['HRT.3.1', 'Piso 1', ''], // added, Nivel empty
      ['HRT.1.5', 'Azotea', 2], // added under HRT.1, listed after HRT.3: placed in tree order
      // HRT.1.2 and HRT.2 removed
    ]);
    const result = edpItemsFromRows(rows, current, 'HRT');
    expect(result.errors).toEqual([]);
    expect(result.items).toEqual([
      { id: 1, code: 'HRT', name: 'Hospital' },
      { id: 2, parentId: 1, code: 'hrt.1', name: 'Torre A' },
      { id: 3, parentId: 2, code: 'HRT.1.1', name: 'Piso 1 norte' },
      { id: 10, parentId: 2, code: 'HRT.1.5', name: 'Azotea' },
      { id: 8, parentId: 1, code: 'HRT.3', name: 'Torre C' },
      { id: 9, parentId: 8, code: 'HRT.3.1', name: 'Piso 1' },
    ]);
    expect(result.counts).toEqual({ added: 3, renamed: 2, removed: 2, kept: 1, repriced: 0 });
    expect(result.removedIds).toEqual([4, 7]);
  });

  it('finds the header below title rows, in any order, case and accents, among other columns; skips blank rows', () => {
    const rows: SheetRow[] = [
      { row: 1, cells: ['EDP del proyecto HRT'] },
      { row: 2, cells: [] },
      { row: 3, cells: ['Notas', 'NIVEL', 'nombre', 'CODIGO'] },
      { row: 4, cells: ['x', 0, 'Hospital', 'HRT'] },
      { row: 5, cells: [null, null, '  ', null] },
      { row: 7, cells: ['', 1, 'Torre A', 'HRT.1'] },
    ];
    const result = edpItemsFromRows(rows, current, 'HRT');
    expect(result.errors).toEqual([]);
    expect(result.items.map((item) => item.code)).toEqual(['HRT', 'HRT.1']);
    expect(result.counts).toEqual({ added: 0, renamed: 0, removed: 3, kept: 2, repriced: 0 });
  });

  it('reads the English export the web wrote in en-US (Code, Name, Level)', () => {
    const rows = sheet(
      edpSheetRows(current).map((row) => [row.code, row.name, row.level]),
      ['Code', 'Name', 'Level'],
    );
    expect(edpItemsFromRows(rows, current, 'HRT')).toMatchObject({ errors: [], items: current });
  });

  it('refuses a sheet without one of the columns, naming it', () => {
    const result = edpItemsFromRows(sheet([['HRT', 'Hospital']], ['Código', 'Nombre']), current, 'HRT');
    expect(result.errors).toEqual([
      {
        row: 1,
        field: 'Nivel',
        message: 'Fila 1: falta la columna Nivel; la fila de títulos debe tener Código, Nombre y Nivel',
      },
    ]);
    expect(result.items).toEqual([]);
    const none = edpItemsFromRows(sheet([['a', 'b']], ['x', 'y']), current, 'HRT');
    expect(none.errors[0]?.message).toBe(
      'Fila 1: no se encontró la fila de títulos; la hoja debe tener las columnas Código, Nombre y Nivel',
    );
  });

  it('lists every error of every row with its row number and column, and answers no items', () => {
    const rows = sheet([
      ['HRT', 'Hospital', 0], // row 2
      ['HRT.1', 'Torre A', 1], // row 3
      ['HRT.1.3', 'Piso 3', 2], // row 4
      ['hrt.1.3', '', 2], // row 5: repeated and no name
      ['HRT.9.1', 'Huérfano', 2], // row 6: parent not in an earlier row
      ['', 'Sin código', 1], // row 7
      ['HRT.2', 'x'.repeat(201), 3], // row 8: name too long, wrong level
      ['OTRO.1', 'Ajeno', 1], // row 9: not under the root
      [`HRT.${'9'.repeat(100)}`, 'Largo', 1], // row 10: code too long
      ['HRT.3', 'Nivel raro', 'uno'], // row 11
      ['HRT.4', 'Con espacio', 1], // row 12: fine
      ['HRT.4 A', 'Con espacio', 2], // row 13: space in code
    ]);
    const result = edpItemsFromRows(rows, current, 'HRT');
    expect(result.items).toEqual([]);
    expect(result.counts).toEqual({ added: 0, renamed: 0, removed: 0, kept: 0, repriced: 0 });
    expect(result.errors).toEqual([
      { row: 5, field: 'Código', message: 'Fila 5: el código hrt.1.3 está repetido (ya está en la fila 4)' },
      { row: 5, field: 'Nombre', message: 'Fila 5: el nombre es obligatorio' },
      {
        row: 6,
        field: 'Código',
        message: 'Fila 6: el ítem padre HRT.9 del código HRT.9.1 no está en una fila anterior',
      },
      { row: 7, field: 'Código', message: 'Fila 7: el código es obligatorio' },
      { row: 8, field: 'Nivel', message: 'Fila 8: el nivel 3 no corresponde al código HRT.2, que es de nivel 1' },
      { row: 8, field: 'Nombre', message: 'Fila 8: el nombre tiene 201 caracteres; el máximo es 200' },
      { row: 9, field: 'Código', message: 'Fila 9: el código OTRO.1 debe comenzar con el código de la raíz (HRT.)' },
      { row: 10, field: 'Código', message: 'Fila 10: el código tiene 104 caracteres; el máximo es 100' },
      { row: 11, field: 'Nivel', message: 'Fila 11: el nivel «uno» debe ser un número entero (la raíz es 0)' },
      { row: 13, field: 'Código', message: 'Fila 13: el código «HRT.4 A» no puede tener espacios' },
    ]);
  });

  it('wants the root first: the project code, or the root code the EDP has now', () => {
    const wrong = edpItemsFromRows(sheet([['HRT.1', 'Torre A', 1]]), current, 'HRT');
    expect(wrong.errors).toEqual([
      {
        row: 2,
        field: 'Código',
        message: 'Fila 2: la primera fila debe ser la raíz del EDP, con el código HRT, y tiene HRT.1',
      },
    ]);
    const late = edpItemsFromRows(
      sheet([
        ['X', 'x', 0],
        ['HRT', 'Hospital', 0],
      ]),
      current,
      'HRT',
    );
    expect(late.errors.map((error) => error.message)).toEqual([
      'Fila 2: la primera fila debe ser la raíz del EDP, con el código HRT, y tiene X',
      'Fila 3: la raíz HRT debe ser la primera fila del EDP',
    ]);
    // a root re-coded in the editor (ABC) still reads back, and a sheet with the project's code keeps its id
    const recoded: EdpItem[] = [
      { id: 1, code: 'ABC', name: 'Hospital' },
      { id: 2, parentId: 1, code: 'ABC.1', name: 'Torre' },
    ];
    expect(
      edpItemsFromRows(
        sheet([
          ['ABC', 'Hospital', 0],
          ['ABC.1', 'Torre', 1],
        ]),
        recoded,
        'HRT',
      ).errors,
    ).toEqual([]);
    const back = edpItemsFromRows(
      sheet([
        ['HRT', 'Hospital', 0],
        ['HRT.1', 'Torre', 1],
      ]),
      recoded,
      'HRT',
    );
    expect(back.items).toEqual([
      { id: 1, code: 'HRT', name: 'Hospital' },
      { id: 3, parentId: 1, code: 'HRT.1', name: 'Torre' },
    ]);
    expect(back.counts).toEqual({ added: 1, renamed: 1, removed: 1, kept: 0, repriced: 0 });
  });

  it('refuses a code, name or unit with a control character or a lone surrogate, naming the row and column (issue 17)', () => {
    const rows = sheet(
      [
        ['HRT', 'Hospital', 0, ''], // row 2
        ['HRT.1', 'Torre\u0000A', 1, ''], // row 3
        ['HRT.1.1\u001b', 'Piso 1', 2, ''], // row 4
        ['HRT.1.2', 'Piso 2', 2, 'm\u00852'], // row 5
        ['HRT.2', 'Torre \ud83d', 1, ''], // row 6
        ['HRT.3', 'Torre\tC\nnueva', 1, 'gl'], // row 7: tab and line break are text
      ],
      ['Código', 'Nombre', 'Nivel', 'Unidad'],
    );
    const result = edpItemsFromRows(rows, current, 'HRT');
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([
      {
        row: 3,
        field: 'Nombre',
        message: 'Fila 3: el nombre contiene un carácter de control (U+0000, NUL); quítalo del libro',
      },
      {
        row: 4,
        field: 'Código',
        message: 'Fila 4: el código contiene un carácter de control (U+001B); quítalo del libro',
      },
      {
        row: 5,
        field: 'Unidad',
        message: 'Fila 5: Unidad contiene un carácter de control (U+0085); quítalo del libro',
      },
      {
        row: 6,
        field: 'Nombre',
        message:
          'Fila 6: el nombre contiene un carácter Unicode incompleto (U+D83D, sustituto suelto); quítalo del libro',
      },
    ]);
  });

  it('refuses an empty sheet and one with more rows than an EDP holds', () => {
    expect(edpItemsFromRows(sheet([]), current, 'HRT').errors).toEqual([
      { row: 2, field: 'Código', message: 'Fila 2: el libro no tiene ítems bajo la fila de títulos' },
    ]);
    const many = sheet(
      Array.from({ length: MAX_EDP_ITEMS + 1 }, (_, index) =>
        index === 0 ? ['HRT', 'R', 0] : [`HRT.${index}`, 'I', 1],
      ),
    );
    const result = edpItemsFromRows(many, current, 'HRT');
    expect(result.errors).toEqual([
      {
        row: MAX_EDP_ITEMS + 2,
        field: 'Código',
        message: 'Fila 50002: el libro tiene 50.001 filas con datos; el EDP admite como máximo 50.000 ítems',
      },
    ]);
    expect(result.rows).toBe(MAX_EDP_ITEMS + 1);
  });

  it('reads back a sheet of the largest EDP', () => {
    const items: EdpItem[] = Array.from({ length: MAX_EDP_ITEMS }, (_, index) =>
      index === 0 ? { id: 1, code: 'HRT', name: 'R' } : { id: index + 1, parentId: 1, code: `HRT.${index}`, name: 'I' },
    );
    const result = edpItemsFromRows(exported(items), items, 'HRT');
    expect(result.errors).toEqual([]);
    expect(result.counts.kept).toBe(MAX_EDP_ITEMS);
  });
});
