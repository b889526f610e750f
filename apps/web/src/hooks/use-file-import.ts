import { useRef, useState } from 'react';
import type { ReadProgress } from '@/lib/file-reading';

/** A file read into an import dialog: its name and its content (text or base64), sent with every call. */
export type ImportFile = { name: string; content: string };

/**
 * Where an import stands: a file to choose, one being read (0 to 1), one checked by the server's dry
 * run (a re-check keeps the previous answer), its answer shown, or the import itself running.
 */
export type FileImportStep<R> =
  | { kind: 'choose' }
  | { kind: 'reading'; name: string; progress: number }
  | { kind: 'checking'; file: ImportFile; result: R | null }
  | { kind: 'preview'; file: ImportFile; result: R }
  | { kind: 'importing'; file: ImportFile; result: R };

export type FileImportOptions<R> = {
  /** The file input's accept list ('.xml', '.xlsx,…'): what the picker offers; refuse has the last word. */
  accept: string;
  /** Why a picked file is refused before it is read (its kind, its size): the sentence to show, or null. */
  refuse: (file: File) => string | null;
  /** readFileText or readFileBase64. */
  read: (file: Blob, onProgress: ReadProgress) => Promise<string>;
  readFailed: (name: string, cause: unknown) => string;
  /** The server's dry run: what the file would change, its row errors; nothing written. */
  check: (file: ImportFile) => Promise<R>;
  checkFailed: (cause: unknown) => string;
  importFailed: (cause: unknown) => string;
  /** After each check that is still the latest. */
  onChecked?: (result: R) => void;
  /** A refusal the dialog answers itself (a stale version: the screen's reload message): true, nothing more here. */
  isHandled?: (cause: unknown) => boolean;
};

export type FileImport<R> = {
  accept: string;
  step: FileImportStep<R>;
  /** The file's refusal (before the preview): shown under the drop zone. */
  fileError: string | null;
  /** The import's refusal: shown under the preview, which stays. */
  error: string | null;
  isBusy: boolean;
  /** The loaded file and the check's answer, while there are. */
  file: ImportFile | null;
  result: R | null;
  take: (file: File) => Promise<void>;
  /** The loaded file checked again another way (the previous answer stays in view meanwhile). */
  recheck: (check: (file: ImportFile) => Promise<R>) => void;
  chooseAgain: () => void;
  /** Runs the import on the previewed file; a refusal goes back to the preview with its sentence. */
  confirm: (run: (file: ImportFile, result: R) => Promise<unknown>) => Promise<void>;
};

/**
 * The import dialogs' flow (issue 31): choose a file → read it with its progress → the server's dry
 * run previews it (counts, row errors) → confirm. A later file or check wins over an earlier one
 * still running.
 */
export function useFileImport<R>(options: FileImportOptions<R>): FileImport<R> {
  const [step, setStep] = useState<FileImportStep<R>>({ kind: 'choose' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef(0);
  const isBusy = step.kind === 'reading' || step.kind === 'checking' || step.kind === 'importing';
  const isLoaded = step.kind === 'checking' || step.kind === 'preview' || step.kind === 'importing';

  function runCheck(file: ImportFile, previous: R | null, check: (file: ImportFile) => Promise<R>) {
    const current = ++attempt.current;
    setError(null);
    setStep({ kind: 'checking', file, result: previous });
    check(file).then(
      (result) => {
        if (current !== attempt.current) return;
        setStep({ kind: 'preview', file, result });
        options.onChecked?.(result);
      },
      (cause: unknown) => {
        if (current !== attempt.current || options.isHandled?.(cause)) return;
        // the file cannot be imported: back to picking one, with the reason
        setStep({ kind: 'choose' });
        setFileError(options.checkFailed(cause));
      },
    );
  }

  async function take(picked: File) {
    if (isBusy) return;
    setError(null);
    const refusal = options.refuse(picked);
    if (refusal !== null) {
      setFileError(refusal);
      return;
    }
    const current = ++attempt.current;
    const { name } = picked;
    setFileError(null);
    setStep({ kind: 'reading', name, progress: 0 });
    let content: string;
    try {
      content = await options.read(picked, (progress) => {
        if (current === attempt.current) setStep({ kind: 'reading', name, progress });
      });
    } catch (cause) {
      if (current === attempt.current) {
        setStep({ kind: 'choose' });
        setFileError(options.readFailed(name, cause));
      }
      return;
    }
    if (current === attempt.current) runCheck({ name, content }, null, options.check);
  }

  async function confirm(run: (file: ImportFile, result: R) => Promise<unknown>) {
    if (step.kind !== 'preview') return;
    const { file, result } = step;
    setError(null);
    setStep({ kind: 'importing', file, result });
    try {
      await run(file, result);
    } catch (cause) {
      if (options.isHandled?.(cause)) return;
      setStep({ kind: 'preview', file, result });
      setError(options.importFailed(cause));
    }
  }

  return {
    accept: options.accept,
    step,
    fileError,
    error,
    isBusy,
    file: isLoaded ? step.file : null,
    result: isLoaded ? step.result : null,
    take,
    recheck: (check) => {
      if (isLoaded) runCheck(step.file, step.result, check);
    },
    chooseAgain: () => {
      attempt.current += 1;
      setError(null);
      setStep({ kind: 'choose' });
    },
    confirm,
  };
}
