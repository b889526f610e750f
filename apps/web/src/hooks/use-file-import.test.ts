import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readFileText } from '@/lib/file-reading';
import type { ReadProgress } from '@/lib/file-reading';
import type { FileImportOptions, ImportFile } from './use-file-import';
import { useFileImport } from './use-file-import';

type Preview = { rows: number };

/** A promise settled from the test, to see the steps in between. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (cause: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function options(overrides: Partial<FileImportOptions<Preview>> = {}): FileImportOptions<Preview> {
  return {
    accept: '.txt',
    refuse: (file) => (file.name.endsWith('.txt') ? null : `${file.name} no es un .txt`),
    read: readFileText,
    readFailed: (name) => `No se pudo leer ${name}`,
    check: async (file) => ({ rows: file.content.split('\n').length }),
    checkFailed: (cause) => `Revisión: ${String(cause)}`,
    importFailed: (cause) => `Importación: ${String(cause)}`,
    ...overrides,
  };
}

const file = (name: string, text: string) => new File([text], name);

describe('useFileImport', () => {
  it('reads the file with its progress, checks it and shows the preview', async () => {
    const reading = deferred<string>();
    const progress: { report?: ReadProgress } = {};
    const { result } = renderHook(() =>
      useFileImport(
        options({
          read: (_file, onProgress) => {
            progress.report = onProgress;
            return reading.promise;
          },
        }),
      ),
    );
    expect(result.current.step).toEqual({ kind: 'choose' });
    let taken!: Promise<void>;
    act(() => {
      taken = result.current.take(file('plan.txt', 'a\nb'));
    });
    expect(result.current.step).toEqual({ kind: 'reading', name: 'plan.txt', progress: 0 });
    expect(result.current.isBusy).toBe(true);
    act(() => progress.report?.(0.5));
    expect(result.current.step).toEqual({ kind: 'reading', name: 'plan.txt', progress: 0.5 });
    await act(async () => {
      reading.resolve('a\nb\nc');
      await taken;
    });
    await waitFor(() => expect(result.current.step.kind).toBe('preview'));
    expect(result.current.file).toEqual({ name: 'plan.txt', content: 'a\nb\nc' });
    expect(result.current.result).toEqual({ rows: 3 });
    expect(result.current.isBusy).toBe(false);
  });

  it('refuses a file before reading it, and says why a read or a check failed, back to choosing', async () => {
    const { result } = renderHook(() =>
      useFileImport(options({ check: () => Promise.reject(new Error('archivo dañado')) })),
    );
    await act(() => result.current.take(file('plan.xml', 'x')));
    expect(result.current.fileError).toBe('plan.xml no es un .txt');
    expect(result.current.step.kind).toBe('choose');
    await act(() => result.current.take(file('plan.txt', 'x')));
    await waitFor(() => expect(result.current.fileError).toBe('Revisión: Error: archivo dañado'));
    expect(result.current.step.kind).toBe('choose');

    const unreadable = renderHook(() => useFileImport(options({ read: () => Promise.reject(new Error('disco')) })));
    await act(() => unreadable.result.current.take(file('plan.txt', 'x')));
    expect(unreadable.result.current.fileError).toBe('No se pudo leer plan.txt');
    expect(unreadable.result.current.step.kind).toBe('choose');
  });

  it('a check asked again keeps the previous answer in view; a later one wins over an earlier one', async () => {
    const { result } = renderHook(() => useFileImport(options()));
    await act(() => result.current.take(file('plan.txt', 'a')));
    await waitFor(() => expect(result.current.step.kind).toBe('preview'));
    const slow = deferred<Preview>();
    const fast = deferred<Preview>();
    act(() => result.current.recheck(() => slow.promise));
    expect(result.current.step).toMatchObject({ kind: 'checking', result: { rows: 1 } });
    act(() => result.current.chooseAgain());
    await act(() => result.current.take(file('otro.txt', 'a\nb')));
    await waitFor(() => expect(result.current.result).toEqual({ rows: 2 }));
    act(() => result.current.recheck(() => fast.promise));
    await act(async () => {
      fast.resolve({ rows: 20 });
      slow.resolve({ rows: 10 });
      await Promise.all([fast.promise, slow.promise]);
    });
    expect(result.current.step).toMatchObject({ kind: 'preview', file: { name: 'otro.txt' }, result: { rows: 20 } });
  });

  it('a refused import goes back to the preview with its sentence; one the dialog handles stops there', async () => {
    const handled: unknown[] = [];
    const { result } = renderHook(() =>
      useFileImport(
        options({
          isHandled: (cause) => {
            if (cause !== 'stale') return false;
            handled.push(cause);
            return true;
          },
        }),
      ),
    );
    await act(() => result.current.take(file('plan.txt', 'a')));
    await waitFor(() => expect(result.current.step.kind).toBe('preview'));
    const runs: ImportFile[] = [];
    await act(() =>
      result.current.confirm(async (loaded) => {
        runs.push(loaded);
        throw new Error('código tomado');
      }),
    );
    expect(runs).toEqual([{ name: 'plan.txt', content: 'a' }]);
    expect(result.current.step.kind).toBe('preview');
    expect(result.current.error).toBe('Importación: Error: código tomado');
    await act(() => result.current.confirm(() => Promise.reject('stale')));
    expect(handled).toEqual(['stale']);
    expect(result.current.step.kind).toBe('importing');
    expect(result.current.error).toBeNull();
  });
});
