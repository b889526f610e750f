import { describeError, isFunctionError } from '@/lib/api-client';
import { FileReadRefusal, readFileBase64 } from '@/lib/file-reading';
import type { ReadProgress } from '@/lib/file-reading';
import { useFileImport } from './use-file-import';
import type { FileImport, ImportFile } from './use-file-import';

/**
 * The two ways the import dialogs word the flow (issue 31), each dialog in its own catalogue's keys:
 * in a form (`edpExcel.*`, `projectImport.*`: the file's name with 'Cambiar archivo', 'Analizando…')
 * and in steps (`gantt.import.*`, `gantt.progressEntry.excel.*`, `ufValues.importDialog.*`: 'Revisando
 * {{file}}…', 'Elegir otro archivo').
 */

export type ImportTextValues = {
  name?: string;
  file?: string;
  size?: string;
  error?: string;
  count?: number;
  formatted?: string;
};

export type ImportText<K extends string> = (key: K, values?: ImportTextValues) => string;

export type ImportFormText =
  | 'title'
  | 'hint'
  | 'choose'
  | 'inputLabel'
  | 'reading'
  | 'readFailed'
  | 'wrongType'
  | 'empty'
  | 'tooLarge'
  | 'file'
  | 'changeFile'
  | 'analyzing';

export type ImportStepsText =
  | 'title'
  | 'intro'
  | 'dropZone'
  | 'fileInput'
  | 'empty'
  | 'tooLarge'
  | 'readFailed'
  | 'failed'
  | 'checking'
  | 'importing'
  | 'previewTitle'
  | 'errors'
  | 'nothingToChange'
  | 'cancel'
  | 'otherFile'
  | 'confirm';

/** A flow with the words its dialog speaks. */
export type WordedImport<R, K extends string> = FileImport<R> & { text: ImportText<K> };

/** A file refused before it is read: not the kind the import takes, empty, or too large ('20,5' MB). */
export type FileRefusal = { kind: 'wrongType' } | { kind: 'tooLarge'; megabytes: string } | { kind: 'empty' };

export type FormImportOptions<R> = {
  text: ImportText<ImportFormText>;
  accept: string;
  refuse: (file: File) => FileRefusal | null;
  /** readFileText or readFileBase64. */
  read: (file: Blob, onProgress: ReadProgress) => Promise<string>;
  check: (file: ImportFile) => Promise<R>;
  onChecked?: (result: R) => void;
  isHandled?: (cause: unknown) => boolean;
};

/** useFileImport worded for a form: the refusals in its words, the server's as it words them. */
export function useFormImport<R>({ text, refuse, ...options }: FormImportOptions<R>): WordedImport<R, ImportFormText> {
  const flow = useFileImport({
    ...options,
    refuse: (file) => {
      const refusal = refuse(file);
      if (refusal === null) return null;
      const values = { name: file.name, ...(refusal.kind === 'tooLarge' ? { size: refusal.megabytes } : {}) };
      return text(refusal.kind, values);
    },
    // a file that is not in an encoding the import reads says so (issue 34)
    readFailed: (name, cause) => (cause instanceof FileReadRefusal ? cause.message : text('readFailed', { name })),
    checkFailed: describeError,
    importFailed: describeError,
  });
  return { ...flow, text };
}

export type WorkbookImportOptions<R> = {
  text: ImportText<ImportStepsText>;
  accept: string;
  /** Why the file is refused before its size counts (not a kind the import takes; a bad cut-off): its sentence. */
  refuseKind: (file: File) => string | null;
  maxBytes: number;
  check: (file: ImportFile) => Promise<R>;
  isHandled?: (cause: unknown) => boolean;
};

/**
 * useFileImport for a workbook sent in base64, worded in steps (the Gantt's, the progress' and the UF
 * values' imports): an empty file or one over `maxBytes` is refused before it is read; the server's
 * refusals of the check or the import are 'No se pudo importar: …'.
 */
export function useWorkbookImport<R>({
  text,
  refuseKind,
  maxBytes,
  ...options
}: WorkbookImportOptions<R>): WordedImport<R, ImportStepsText> {
  const failed = (cause: unknown) => text('failed', { error: describeError(cause) });
  const flow = useFileImport({
    ...options,
    refuse: (file) => {
      const refusal = refuseKind(file);
      if (refusal !== null) return refusal;
      if (file.size === 0) return text('empty', { file: file.name });
      return file.size > maxBytes ? text('tooLarge', { file: file.name }) : null;
    },
    read: readFileBase64,
    readFailed: (file, cause) => text('readFailed', { file, error: describeError(cause) }),
    checkFailed: failed,
    importFailed: failed,
  });
  return { ...flow, text };
}

/**
 * The import's refusal as stale (ABORTED: someone saved since the version the dialog imports onto):
 * the dialog closes and the screen says so, offering 'Recargar'. For the flows' isHandled.
 */
export function closesWhenStale(onStale: (message: string) => void, onClose: () => void) {
  return (cause: unknown): boolean => {
    if (!isFunctionError(cause) || cause.code !== 'ABORTED') return false;
    onStale(describeError(cause));
    onClose();
    return true;
  };
}
