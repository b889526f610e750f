import { shownUfValue } from '../workbook/uf-values-file';
import { formatIsoDate } from '../format/dates';
import { formatCount, formatNumber } from '../format/money';
import { ChangeLogDetailBuilder } from './change-log-detail';
import type { AdminChange } from './change-log-detail';

/**
 * The 'Registro de cambios' of the UF values (issue 30): saveUfValues (values saved by hand, and
 * deleted) and importUfValues, told from the values stored before and written. A value is named as
 * the screen shows it: 'UF 01-03-2027', '$39.485,65'.
 */

/** One date a save touched: its stored value before (undefined: none) and after (undefined: deleted). */
export type UfValueWrite = { date: string; before?: string | undefined; after?: string | undefined };

/** 'UF 01-03-2027' */
export function ufRecordName(date: string): string {
  return `UF ${formatIsoDate(date)}`;
}

/** A value as the screen shows it, '' for none: '$39.485,65'. */
function ufText(value: string | undefined): string {
  return value === undefined ? '' : `$${shownUfValue(value)}`;
}

function byDate(a: UfValueWrite, b: UfValueWrite): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

/** The writes that changed something, by date. */
function realChanges(writes: readonly UfValueWrite[]): UfValueWrite[] {
  return writes.filter((write) => (write.before ?? null) !== (write.after ?? null)).sort(byDate);
}

function kindOf(write: UfValueWrite): 'create' | 'update' | 'delete' {
  if (write.before === undefined) return 'create';
  return write.after === undefined ? 'delete' : 'update';
}

const singleSummary = { create: 'creó', update: 'modificó: Valor', delete: 'eliminó' } as const;

/**
 * One saveUfValues. A single value is its own record ('UF 01-03-2027': 'creó', 'modificó: Valor',
 * 'eliminó'); several are 'Valores UF: 3 valores, del 01-03-2027 al 31-03-2027' with 'creó 2,
 * eliminó 1', each value in the detail (capped). Values saved as they were stored are not changes;
 * null when nothing changed.
 */
export function ufValuesChange(writes: readonly UfValueWrite[]): AdminChange | null {
  const changes = realChanges(writes);
  const first = changes[0];
  const last = changes.at(-1);
  if (first === undefined || last === undefined) return null;
  const detail = new ChangeLogDetailBuilder();
  if (changes.length === 1) {
    const kind = kindOf(first);
    detail.change({ field: 'Valor', from: ufText(first.before), to: ufText(first.after) });
    return { action: kind, record: ufRecordName(first.date), summary: singleSummary[kind], detail: detail.build() };
  }
  const counts = { create: 0, update: 0, delete: 0 };
  for (const write of changes) {
    counts[kindOf(write)] += 1;
    detail.change({
      item: ufRecordName(write.date),
      field: 'Valor',
      from: ufText(write.before),
      to: ufText(write.after),
    });
  }
  const parts = [
    ...(counts.create > 0 ? [`creó ${formatNumber(counts.create)}`] : []),
    ...(counts.update > 0 ? [`modificó ${formatNumber(counts.update)}`] : []),
    ...(counts.delete > 0 ? [`eliminó ${formatNumber(counts.delete)}`] : []),
  ];
  const action =
    counts.update === 0 && counts.delete === 0 ? 'create' : counts.create + counts.update === 0 ? 'delete' : 'update';
  return {
    action,
    record: `Valores UF: ${formatCount(changes.length, 'valor', 'valores')}, del ${formatIsoDate(first.date)} al ${formatIsoDate(last.date)}`,
    summary: parts.join(', '),
    detail: detail.build(),
  };
}

/** 'importó uf.csv: 200 nuevos, 10 modificados, 155 sin cambios' and its detail's counts line. */
function importCounts(added: number, changed: number, unchanged: number): string {
  return [
    `${formatNumber(added)} ${added === 1 ? 'nuevo' : 'nuevos'}`,
    `${formatNumber(changed)} ${changed === 1 ? 'modificado' : 'modificados'}`,
    `${formatNumber(unchanged)} sin cambios`,
  ].join(', ');
}

/**
 * One importUfValues: 'Valores UF: importación de 365 valores', 'importó uf.csv: 200 nuevos, 10
 * modificados, 155 sin cambios'. Bounded whatever the file's size: the detail notes the file, the
 * date range and the counts, and lists only the values the import replaced (their value before and
 * after, capped), not the new ones. Null when the file changed nothing.
 */
export function ufImportChange(input: { fileName: string; writes: readonly UfValueWrite[] }): AdminChange | null {
  let added = 0;
  let unchanged = 0;
  const replaced: UfValueWrite[] = [];
  for (const write of input.writes) {
    if (write.before === undefined) added += 1;
    else if (write.before === write.after) unchanged += 1;
    else replaced.push(write);
  }
  if (added + replaced.length === 0) return null;
  const sorted = [...input.writes].sort(byDate);
  const first = sorted[0]?.date ?? '';
  const last = sorted.at(-1)?.date ?? '';
  const total = input.writes.length;
  const counts = importCounts(added, replaced.length, unchanged);
  const detail = new ChangeLogDetailBuilder()
    .note(`Archivo: ${input.fileName}`)
    .note(`Fechas: del ${formatIsoDate(first)} al ${formatIsoDate(last)}`)
    .note(`${formatCount(total, 'valor', 'valores')}: ${counts}`);
  if (added > 0) detail.note('Los valores nuevos no se listan uno a uno; los modificados sí, con su valor anterior');
  for (const write of replaced.sort(byDate)) {
    detail.change({
      item: ufRecordName(write.date),
      field: 'Valor',
      from: ufText(write.before),
      to: ufText(write.after),
    });
  }
  return {
    action: 'import',
    record: `Valores UF: importación de ${formatCount(total, 'valor', 'valores')}`,
    summary: `importó ${input.fileName}: ${counts}`,
    detail: detail.build(),
  };
}
