import { formatIsoDate, formatNumber } from '@cimiento/domain';
import type { TFunction } from 'i18next';
import type { DraftDifferenceLine } from '@/lib/drafts';
import type { DraftChange, DraftFieldChange } from './draft-diffs';

function fieldValue(t: TFunction, change: DraftFieldChange, value: string): string {
  if (change.field === 'start' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatIsoDate(value);
  if (change.field === 'progress') return `${value} %`;
  if (change.field === 'kind') return t(`edc.kind.${value}`, { defaultValue: value });
  // issue 16: an EDP item's quantity or unit price, in es-CL notation with its own decimals
  if ((change.field === 'quantity' || change.field === 'unitPrice') && /^\d+(\.\d+)?$/.test(value)) {
    return formatNumber(value, value.includes('.') ? value.length - value.indexOf('.') - 1 : 0);
  }
  return value === '' ? '—' : value;
}

/** Working weekdays by name, Monday first ('lunes, martes, miércoles'). */
function weekdayList(t: TFunction, days: readonly number[]): string {
  const mondayFirst = ([1, 2, 3, 4, 5, 6, 0] as const).filter((day) => days.includes(day));
  return mondayFirst.map((day) => t(`gantt.calendar.weekdays.${day}`).toLowerCase()).join(', ');
}

/** The comparison's lines, worded for the user ('ACT1 Excavar: inicio 02-01-2026 → 09-01-2026'). */
export function draftDifferenceLines(t: TFunction, changes: readonly DraftChange[]): DraftDifferenceLine[] {
  return changes.map((change, index) => {
    const key = `${index}:${change.kind}`;
    switch (change.kind) {
      case 'weekdays':
        return {
          key,
          text: t('drafts.diff.weekdays', {
            stored: weekdayList(t, change.stored),
            draft: weekdayList(t, change.draft),
          }),
        };
      case 'chileHolidays':
        return { key, text: t(change.draft ? 'drafts.diff.chileHolidaysOn' : 'drafts.diff.chileHolidaysOff') };
      case 'exception':
        return {
          key,
          text: t(`drafts.diff.exception.${change.change}`, {
            date: formatIsoDate(change.date),
            name: change.name.trim() === '' ? '—' : change.name.trim(),
            kind: t(change.working ? 'gantt.calendar.working' : 'gantt.calendar.nonWorking'),
          }),
        };
      case 'renamed':
        return { key, text: t('drafts.diff.renamed', { item: change.label, stored: change.stored }) };
      case 'changed':
        return {
          key,
          text: t('drafts.diff.changed', {
            item: change.label,
            changes: change.fields
              .map((field) =>
                t('drafts.diff.field', {
                  field:
                    field.field === 'unit' || field.field === 'quantity' || field.field === 'unitPrice'
                      ? t(`edpPrices.columns.${field.field}`)
                      : t(`drafts.diff.fields.${field.field}`),
                  stored: fieldValue(t, field, field.stored),
                  draft: fieldValue(t, field, field.draft),
                }),
              )
              .join('; '),
          }),
        };
      default:
        return { key, text: t(`drafts.diff.${change.kind}`, { item: change.label }) };
    }
  });
}
