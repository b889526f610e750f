import type { ExchangeFormat, ExportedFile } from '@cimiento/domain';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '@/lib/download';
import { notifyMessage } from '@/lib/stores/notices-store';
import { useExportGanttFile, useReloadGantt } from '../api/gantt';
import { selectIsDirty, useGanttEditorStore } from '../editor/gantt-editor-store';
import { GanttUnsavedDialog } from '../editor/gantt-unsaved-dialog';
import { GanttImportDialog } from '../exchange/gantt-import-dialog';
import type { GanttExportFormat } from '../print/gantt-export';
import type { GanttExportChoice } from './gantt-toolbar';

/** An export or an import asked for while the Gantt has unsaved edits (issue 14). */
type UnsavedChoice = { kind: 'export'; format: ExchangeFormat } | { kind: 'import' };

/** The server's file as a download: MSPDI comes as XML text, a workbook as base64. */
export function blobOfExportedFile(file: ExportedFile, format: ExchangeFormat): Blob {
  if (format === 'mspdi') return new Blob([file.content], { type: file.mimeType });
  const binary = atob(file.content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: file.mimeType });
}

export type GanttExchange = {
  /** 'Exportar': MS Project and Excel from the saved Gantt (asking first with unsaved edits), else a print */
  requestExport: (choice: GanttExportChoice) => void;
  /** 'Importar desde Excel': with unsaved edits the user saves or discards them first */
  requestImport: () => void;
  /** the unsaved-edits question or the import dialog is open */
  isOpen: boolean;
  /** the two dialogs, to render in the screen */
  dialogs: ReactNode;
};

/**
 * Issue 14, the Gantt's exchange with MS Project and Excel: exports and imports work on the saved
 * Gantt, so unsaved edits are saved or discarded first, never lost silently.
 */
export function useGanttExchange(options: {
  projectId: string;
  version: number;
  /** saves the unsaved edits; false when the save was refused (the edits stay) */
  saveFirst: () => Promise<boolean>;
  requestPrint: (format: GanttExportFormat) => void;
}): GanttExchange {
  const { projectId, version, saveFirst, requestPrint } = options;
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const [unsavedChoice, setUnsavedChoice] = useState<UnsavedChoice | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const reloadGantt = useReloadGantt({ onSuccess: (output) => store.getState().load(output) });
  const exportFile = useExportGanttFile();

  /** 'MS Project (XML)' and 'Excel' (issue 14): the server builds the file from the saved Gantt. */
  async function downloadServerExport(format: ExchangeFormat) {
    try {
      const file = await exportFile.mutateAsync({ projectId, format });
      downloadBlob(blobOfExportedFile(file, format), file.fileName);
      notifyMessage(file.message);
    } catch {
      // the error toast already told the user (the mutation's default)
    }
  }

  function requestExport(choice: GanttExportChoice) {
    if (choice === 'mspdi' || choice === 'xlsx') {
      if (selectIsDirty(store.getState())) setUnsavedChoice({ kind: 'export', format: choice });
      else void downloadServerExport(choice);
    } else requestPrint(choice);
  }

  function requestImport() {
    if (selectIsDirty(store.getState())) setUnsavedChoice({ kind: 'import' });
    else setIsImportOpen(true);
  }

  async function handleUnsavedSave() {
    const pending = unsavedChoice;
    setUnsavedChoice(null);
    if (!pending || !(await saveFirst())) return;
    if (pending.kind === 'export') await downloadServerExport(pending.format);
    else setIsImportOpen(true);
  }

  function handleUnsavedOther() {
    const pending = unsavedChoice;
    setUnsavedChoice(null);
    if (pending?.kind === 'export') void downloadServerExport(pending.format);
    else if (pending?.kind === 'import') {
      // 'Descartar cambios': the saved Gantt as it is now (also the version the import checks)
      reloadGantt.mutate(projectId, { onSuccess: () => setIsImportOpen(true) });
    }
  }

  const isImport = unsavedChoice?.kind === 'import';
  const dialogs = (
    <>
      <GanttUnsavedDialog
        isOpen={unsavedChoice !== null}
        text={t(isImport ? 'gantt.import.unsaved' : 'gantt.exportSavedOnly')}
        saveLabel={t(isImport ? 'gantt.import.saveFirst' : 'gantt.exportSaveFirst')}
        otherLabel={t(isImport ? 'gantt.import.discard' : 'gantt.exportAnyway')}
        isOtherDestructive={isImport}
        onSave={() => void handleUnsavedSave()}
        onOther={handleUnsavedOther}
        onCancel={() => setUnsavedChoice(null)}
      />
      <GanttImportDialog
        isOpen={isImportOpen}
        projectId={projectId}
        version={version}
        onImported={(output) => store.getState().load(output)}
        onStale={(message) => store.getState().markStale(message)}
        onClose={() => setIsImportOpen(false)}
      />
    </>
  );
  return { requestExport, requestImport, isOpen: unsavedChoice !== null || isImportOpen, dialogs };
}
