import { MAX_WORKBOOK_BASE64_CHARS } from '@cimiento/domain';
import { fileExtension } from '@/lib/file-reading';

/**
 * 'Importar desde Excel' in the EDP (issue 14): what the dialog checks before it sends a workbook.
 * The server reads and checks every row again (importEdp).
 */

/** The largest workbook the dialog sends: its base64 must fit importEdp's limit (about 10 MB). */
export const MAX_WORKBOOK_FILE_BYTES = Math.floor((MAX_WORKBOOK_BASE64_CHARS / 4) * 3);

export type WorkbookFileRefusal = { kind: 'wrongType' } | { kind: 'tooLarge'; megabytes: string } | { kind: 'empty' };

/** Why a picked file is not sent: not a .xlsx, empty, or too large; null when it may go. */
export function refuseWorkbookFile(file: { name: string; size: number }): WorkbookFileRefusal | null {
  if (fileExtension(file.name) !== '.xlsx') return { kind: 'wrongType' };
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > MAX_WORKBOOK_FILE_BYTES) {
    const megabytes = (file.size / (1024 * 1024)).toLocaleString('es-CL', {
      maximumFractionDigits: 1,
      minimumFractionDigits: 1,
    });
    return { kind: 'tooLarge', megabytes };
  }
  return null;
}
