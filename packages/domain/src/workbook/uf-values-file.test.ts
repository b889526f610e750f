import { describe, expect, it } from 'vitest';
import { CsvLimitError, csvRows } from './csv-rows';
import { shownUfValue, ufValuesFromRows, yearInFileName } from './uf-values-file';

/** A CSV written as the sources publish it, read as the server reads it. */
function readCsv(text: string, fileName?: string) {
  return ufValuesFromRows(csvRows(text), fileName === undefined ? {} : { fileName });
}

/** The Central Bank's daily series as its statistics site exports it to CSV (';', Chilean numbers, dd.mm.aaaa). */
const BCCH_CSV = [
  '"Unidad de fomento (UF)";""',
  '"Fuente: Banco Central de Chile";""',
  '',
  '"Periodo";"Unidad de fomento (UF)"',
  '"01.01.2025";"38.419,17"',
  '"02.01.2025";"38.421,65"',
  '"03.01.2025";"38.424,13"',
  '"04.01.2025";"38.426,61"',
  '"05.01.2025";""',
  '"09.01.2025";"ND"',
  '',
].join('\r\n');

/** The SII's 'UF 2025' page copied into a sheet: a title, 'Día' and the months, one row per day. */
function siiYear(title: string | null): (string | null)[][] {
  const months = ['Día', 'Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'];
  const rows: (string | null)[][] = [];
  if (title !== null) rows.push([title], []);
  rows.push(months);
  for (let day = 1; day <= 31; day += 1) {
    const row: (string | null)[] = [String(day)];
    for (let month = 1; month <= 12; month += 1) {
      const exists = new Date(Date.UTC(2025, month - 1, day)).getUTCDate() === day;
      // January and February published; a value per day, cents moving with the day and month
      row.push(exists && month <= 2 ? `38.${400 + month},${String(day).padStart(2, '0')}` : '');
    }
    rows.push(row);
  }
  return rows;
}

describe('ufValuesFromRows: the Central Bank series', () => {
  it('reads the BCCh CSV export (titles over the table, dd.mm.aaaa, Chilean numbers), skipping days with no value', () => {
    const result = readCsv(BCCH_CSV);
    expect(result.errors).toEqual([]);
    expect(result.layout).toBe('series');
    expect(result.values).toEqual([
      { date: '2025-01-01', value: '38419.17' },
      { date: '2025-01-02', value: '38421.65' },
      { date: '2025-01-03', value: '38424.13' },
      { date: '2025-01-04', value: '38426.61' },
    ]);
  });

  it('reads a plain comma CSV with a dot as the decimal mark, and aaaa-mm-dd dates, with a BOM', () => {
    const result = readCsv('\uFEFFFecha,Valor\n2025-03-01,38679.23\n2025-03-02,"38,685.12"\n2025-03-03,38690\n');
    expect(result.errors).toEqual([]);
    expect(result.values).toEqual([
      { date: '2025-03-01', value: '38679.23' },
      { date: '2025-03-02', value: '38685.12' },
      { date: '2025-03-03', value: '38690' },
    ]);
  });

  it('reads a file with no titles: dates in the first column, values in the second', () => {
    const result = readCsv('01-02-2025;38.500,10\n02/02/2025;38.502,2\n03-02-2025 00:00;38.504,3\n');
    expect(result.errors).toEqual([]);
    expect(result.values).toEqual([
      { date: '2025-02-01', value: '38500.1' },
      { date: '2025-02-02', value: '38502.2' },
      { date: '2025-02-03', value: '38504.3' },
    ]);
  });

  it('reads worksheet rows: date cells and number cells, the UF column among other series', () => {
    const rows = [
      { row: 1, cells: ['Indicadores diarios'] },
      { row: 3, cells: ['Periodo', 'Dólar observado', 'Unidad de fomento (UF)'] },
      { row: 4, cells: [new Date('2025-06-01T00:00:00Z'), 931.2, 39_185.91] },
      { row: 5, cells: [new Date('2025-06-02T00:00:00Z'), 935.5, 39_189.03] },
      // a value Excel computed, stored with binary noise past its 15 digits
      { row: 6, cells: [new Date('2025-06-03T00:00:00Z'), 936.1, 39_192.149999999994] },
    ];
    const result = ufValuesFromRows(rows);
    expect(result.errors).toEqual([]);
    expect(result.values).toEqual([
      { date: '2025-06-01', value: '39185.91' },
      { date: '2025-06-02', value: '39189.03' },
      { date: '2025-06-03', value: '39192.15' },
    ]);
  });

  it('takes bare rows of cells, numbered from 1, and a value column titled with the series code', () => {
    const result = ufValuesFromRows([
      ['Periodo', 'F073.UFF.PRE.Z.D'],
      ['01-07-2025', '39.267,07'],
    ]);
    expect(result.errors).toEqual([]);
    expect(result.values).toEqual([{ date: '2025-07-01', value: '39267.07' }]);
  });

  it('names each bad row: a date that is not one, a zero, a negative, letters, five decimals', () => {
    const result = readCsv(
      [
        'Fecha;Valor',
        '31-02-2025;38.000,00',
        '01-03-2025;0',
        '02-03-2025;-38.000,00',
        '03-03-2025;treinta y ocho mil',
        '04-03-2025;38.000,12345',
        'hoy;38.000,00',
        '05-03-2025;38.690,50',
      ].join('\n'),
    );
    expect(result.errors.map((error) => error.message)).toEqual([
      'Fila 2: la fecha «31-02-2025» no es válida: escríbela como dd-mm-aaaa (por ejemplo 01-03-2025)',
      'Fila 3: el valor debe ser mayor que 0',
      'Fila 4: el valor -38.000,00 debe ser mayor que 0',
      'Fila 5: el valor «treinta y ocho mil» no es un número: escríbelo como 39.485,65',
      'Fila 6: el valor 38.000,12345 admite como máximo 4 decimales',
      'Fila 7: la fecha «hoy» no es válida: escríbela como dd-mm-aaaa (por ejemplo 01-03-2025)',
    ]);
    expect(result.errors[0]).toMatchObject({ row: 2, field: 'Fecha' });
    expect(result.errors[1]).toMatchObject({ row: 3, field: 'Valor' });
    // the good row is still read (the caller refuses the file for its errors)
    expect(result.values).toEqual([{ date: '2025-03-05', value: '38690.5' }]);
  });

  it('keeps up to 4 decimals exactly, as stored', () => {
    const result = readCsv('Fecha;UF\n01-01-2025;38.419,1725\n');
    expect(result.values).toEqual([{ date: '2025-01-01', value: '38419.1725' }]);
    expect(shownUfValue('38419.1725')).toBe('38.419,1725');
    expect(shownUfValue('38419.1')).toBe('38.419,10');
  });

  it('takes the same date twice with the same value, and refuses it with another', () => {
    const same = readCsv('Fecha;UF\n01-01-2025;38.419,17\n01-01-2025;38419.17\n');
    expect(same.errors).toEqual([]);
    expect(same.values).toEqual([{ date: '2025-01-01', value: '38419.17' }]);
    const other = readCsv('Fecha;UF\n01-01-2025;38.419,17\n02-01-2025;38.421,65\n01-01-2025;38.420,00\n');
    expect(other.errors).toEqual([
      {
        row: 4,
        field: 'UF',
        message: 'Fila 4: la fecha 01-01-2025 ya aparece en la fila 2 con otro valor (38.419,17 y 38.420,00)',
      },
    ]);
  });

  it('refuses a file it does not recognise, and one with no values', () => {
    expect(readCsv('Nombre;Apellido\nAna;Pérez\n').errors).toEqual([
      {
        row: 1,
        field: '',
        message:
          'Fila 1: no se reconoce el archivo: debe tener una columna de fechas y otra de valores (Banco Central) o la tabla del SII (Día y los meses)',
      },
    ]);
    expect(readCsv('Fecha;Valor\n01-01-2025;\n').errors.map((error) => error.message)).toEqual([
      'Fila 1: el archivo no tiene valores UF',
    ]);
    expect(readCsv('').errors).toHaveLength(1);
  });
});

describe('ufValuesFromRows: the SII yearly table', () => {
  it('reads the table with its year in a title cell, skipping empty cells and the days a month lacks', () => {
    const result = ufValuesFromRows(siiYear('Valores UF año 2025'));
    expect(result.errors).toEqual([]);
    expect(result.layout).toBe('yearly');
    // 31 days of January + 28 of February
    expect(result.values).toHaveLength(59);
    expect(result.values[0]).toEqual({ date: '2025-01-01', value: '38401.01' });
    expect(result.values[30]).toEqual({ date: '2025-01-31', value: '38401.31' });
    expect(result.values[31]).toEqual({ date: '2025-02-01', value: '38402.01' });
    expect(result.values.at(-1)).toEqual({ date: '2025-02-28', value: '38402.28' });
  });

  it("reads the SII's CSV with whole month names, and the year from the file's name", () => {
    const text = [
      'Día;Enero;Febrero;Marzo;Abril;Mayo;Junio;Julio;Agosto;Septiembre;Octubre;Noviembre;Diciembre',
      '1;37.095,13;37.374,20;;;;;;;;;;',
      '2;37.097,60;37.377,74;;;;;;;;;;',
      '29;37.167,43;37.443,37;;;;;;;;;;',
    ].join('\n');
    const result = readCsv(text, 'uf2024.csv');
    expect(result.errors).toEqual([]);
    expect(result.values).toEqual([
      { date: '2024-01-01', value: '37095.13' },
      { date: '2024-01-02', value: '37097.6' },
      { date: '2024-01-29', value: '37167.43' },
      { date: '2024-02-01', value: '37374.2' },
      { date: '2024-02-02', value: '37377.74' },
      // 2024 is a leap year
      { date: '2024-02-29', value: '37443.37' },
    ]);
  });

  it('refuses a value on a day that does not exist (30 de febrero)', () => {
    const text = [
      'UF 2025',
      'Día;Ene;Feb;Mar;Abr;May;Jun;Jul;Ago;Sep;Oct;Nov;Dic',
      '30;38.500,00;38.600,00;;;;;;;;;;',
    ].join('\n');
    const result = readCsv(text);
    expect(result.errors).toEqual([
      { row: 3, field: 'Feb', message: 'Fila 3: el 30 de febrero de 2025 no existe, pero tiene un valor' },
    ]);
    expect(result.values).toEqual([{ date: '2025-01-30', value: '38500' }]);
  });

  it('refuses a table with no year, a bad day and a bad value, naming the month', () => {
    const text = ['Día;Ene;Feb;Mar;Abr;May;Jun;Jul;Ago;Sep;Oct;Nov;Dic', '1;38.500,00;;;;;;;;;;;'].join('\n');
    expect(readCsv(text, 'valores.csv').errors.map((error) => error.message)).toEqual([
      'Fila 1: no se encontró el año de la tabla: escríbelo sobre ella («UF 2025») o en el nombre del archivo (uf2025.csv)',
    ]);
    const bad = [
      'UF 2025',
      'Día;Ene;Feb;Mar;Abr;May;Jun;Jul;Ago;Sep;Oct;Nov;Dic',
      'x;1;;;;;;;;;;;',
      '2;abc;;;;;;;;;;;',
    ];
    expect(readCsv(bad.join('\n')).errors.map((error) => error.message)).toEqual([
      'Fila 3: el día «x» no es válido: debe ser un número de 1 a 31',
      'Fila 4: el valor «abc» no es un número: escríbelo como 39.485,65 (Ene)',
    ]);
  });

  it('reads two years stacked in one sheet, each under its own title', () => {
    const first = siiYear('UF 2024').map((row) => row.map((cell) => cell?.replace(/^38\./, '37.') ?? null));
    const rows = [...first, [], ...siiYear('UF 2025')];
    const result = ufValuesFromRows(rows);
    expect(result.errors).toEqual([]);
    // the sample leaves 29 February 2024 empty
    expect(result.values).toHaveLength(2 * (31 + 28));
    expect(result.values.find((value) => value.date === '2024-01-05')).toEqual({
      date: '2024-01-05',
      value: '37401.05',
    });
    expect(result.values.find((value) => value.date === '2025-01-05')).toEqual({
      date: '2025-01-05',
      value: '38401.05',
    });
  });
});

describe('yearInFileName', () => {
  it('finds the year in the names the SII files get', () => {
    expect(yearInFileName('uf2025.csv')).toBe(2025);
    expect(yearInFileName('UF_2024 (1).xlsx')).toBe(2024);
    expect(yearInFileName('valores.csv')).toBeUndefined();
  });
});

describe('csvRows', () => {
  it("guesses ';' even in a short file whose values carry decimal commas, else ',' or a tab", () => {
    expect(csvRows('Fecha;UF\n01-01-2025;38.419,17\n').map((row) => row.cells)).toEqual([
      ['Fecha', 'UF'],
      ['01-01-2025', '38.419,17'],
      [''],
    ]);
    expect(csvRows('"Fuente: BCCh; serie diaria"\nFecha,Valor\n2025-01-01,38419.17').map((row) => row.cells)).toEqual([
      ['Fuente: BCCh; serie diaria'],
      ['Fecha', 'Valor'],
      ['2025-01-01', '38419.17'],
    ]);
    expect(csvRows('Fecha\tValor\r\n01-01-2025\t38.419,17').map((row) => row.cells)).toEqual([
      ['Fecha', 'Valor'],
      ['01-01-2025', '38.419,17'],
    ]);
  });

  it('numbers rows by line, blank lines included, without the BOM', () => {
    const rows = csvRows('\uFEFFFecha;UF\n\n01-01-2025;1');
    expect(rows.map((row) => row.row)).toEqual([1, 2, 3]);
    expect(rows[0]?.cells[0]).toBe('Fecha');
  });

  it('stops at the first row past a limit, naming it, without holding the rest (issue 30)', () => {
    const limits = { maxRows: 5, maxCellsPerRow: 4, maxCellChars: 10, what: 'la tabla admite como máximo 5' };
    expect(csvRows('a;b\n1;2\n', limits)).toHaveLength(3);
    expect(() => csvRows('\n'.repeat(1_000_000), limits)).toThrow(
      new CsvLimitError('El archivo tiene más de 5 filas; la tabla admite como máximo 5'),
    );
    expect(() => csvRows('a;b\n1;2;3;4;5', limits)).toThrow(
      new CsvLimitError('La fila 2 tiene más de 4 columnas; Cimiento lee como máximo 4'),
    );
    expect(() => csvRows(`a;b\n1;${'x'.repeat(11)}`, limits)).toThrow(
      new CsvLimitError('La fila 2 tiene un valor de más de 10 caracteres; Cimiento lee como máximo 10'),
    );
  });
});
