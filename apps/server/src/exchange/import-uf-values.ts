import { ufValuesFromRows } from '@cimiento/domain/workbook';
import { MAX_UF_VALUES, formatNumber, importUfValuesContract } from '@cimiento/domain';
import type { WorkbookRowError } from '@cimiento/domain';
import { readUfFileRows } from './uf-file';
import { UF_ADMIN_ONLY_MESSAGE, compareUfValues, saveUfValues, ufCount } from '../costs/uf-queries';
import type { UfValueChanges } from '../costs/uf-queries';
import { HttpsError } from '../core/https-error';
import { defineHandler } from '../core/define-handler';

/** How many of a refusal's row errors its message lists. */
const LISTED_ERRORS = 5;

function errorsMessage(errors: readonly WorkbookRowError[], fileName: string): string {
  const listed = errors.slice(0, LISTED_ERRORS).map((error) => error.message);
  const rest = errors.length - listed.length;
  const more = rest === 0 ? '' : ` y ${formatNumber(rest)} ${rest === 1 ? 'error más' : 'errores más'}`;
  return `No se importó ${fileName}; corrige el archivo: ${listed.join('; ')}${more}`;
}

function changesText(changes: UfValueChanges): string {
  return [
    `${formatNumber(changes.added)} ${changes.added === 1 ? 'nuevo' : 'nuevos'}`,
    `${formatNumber(changes.changed)} ${changes.changed === 1 ? 'cambiado' : 'cambiados'}`,
    `${formatNumber(changes.unchanged)} sin cambios`,
  ].join(', ');
}

/**
 * importUfValues (issue 16): a CSV or Excel file from the Central Bank or the SII (exchange/uf-file.ts
 * reads its rows, the domain's ufValuesFromRows its values). A dry run answers the preview: how many
 * values, new, changed and unchanged against the table, their range and every row error. Otherwise
 * any error refuses the whole file and nothing is written; a clean file is saved as saveUfValues.
 * Administrators only, the preview too (issue 30: refused before the file is read); the import is
 * one entry of the 'Registro de cambios' (its file, range and counts).
 */
export const handleImportUfValues = defineHandler(
  importUfValuesContract,
  async ({ content, fileName, dryRun }, { db, dialect, caller }) => {
    if (!caller.isAdmin) throw new HttpsError('PERMISSION_DENIED', UF_ADMIN_ONLY_MESSAGE);
    const rows = await readUfFileRows(content, fileName);
    const result = ufValuesFromRows(rows, { fileName });
    if (result.values.length > MAX_UF_VALUES) {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        `El archivo tiene ${formatNumber(result.values.length)} valores UF; se importan como máximo ${formatNumber(MAX_UF_VALUES)} por vez`,
      );
    }
    const changes = await compareUfValues(db, result.values);
    const first = result.values[0]?.date;
    const last = result.values.at(-1)?.date;
    const preview = {
      values: result.values.length,
      ...changes,
      ...(first === undefined ? {} : { first }),
      ...(last === undefined ? {} : { last }),
      errors: result.errors,
    };
    if (dryRun) {
      const message =
        result.errors.length > 0
          ? `El archivo tiene ${formatNumber(result.errors.length)} ${result.errors.length === 1 ? 'error' : 'errores'}; corrígelo y vuelve a cargarlo`
          : `Vista previa de ${fileName}: ${ufCount(result.values.length)} (${changesText(changes)})`;
      return { preview, message };
    }
    if (result.errors.length > 0) throw new HttpsError('INVALID_ARGUMENT', errorsMessage(result.errors, fileName));
    await saveUfValues(db, { values: result.values, remove: [] }, { caller, dialect, importFileName: fileName });
    return { preview, message: `Valores UF importados desde ${fileName}: ${changesText(changes)}` };
  },
);
