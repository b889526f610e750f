import { formatNumber } from '@cimiento/domain';
import type { GanttOutput, WorkbookRowError } from '@cimiento/domain';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '@/components/import/import-dialog';
import { ImportWindow } from '@/components/import/import-window';
import type { ImportWindowProps } from '@/components/import/import-window';
import { closesWhenStale, useWorkbookImport } from '@/hooks/import-flows';
import type { ImportStepsText, ImportTextValues } from '@/hooks/import-flows';
import { notifyMessage } from '@/lib/stores/notices-store';
import { useImportGanttWorkbook } from '../api/gantt';

/** The largest workbook the server takes (importGantt's base64 limit is about 10 MB of xlsx). */
export const MAX_WORKBOOK_BYTES = 10 * 1024 * 1024;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Preview = { rows: number; errors: WorkbookRowError[]; updated: number; added: number; unchanged: number };

/** What the Gantt's imports (the workbook's, the progress') are opened with. */
export type GanttImportDialogProps = ImportWindowProps & {
  projectId: string;
  /** the loaded Gantt's version: the import is refused (ABORTED) when someone saved since */
  version: number;
  /** the stored Gantt after the import, as loadGantt answers it */
  onImported: (output: GanttOutput) => void;
  /** the import was refused as stale: the screen offers 'Recargar' */
  onStale: (message: string) => void;
};

/**
 * 'Importar desde Excel' (issue 14): the task table as 'Exportar' → 'Excel' writes it. The file is
 * picked or dropped, read (with its progress), checked by the server without writing (importGantt
 * dryRun: what is updated, added and unchanged, and every row error 'Fila 12: …'), and imported
 * only after 'Importar'. A file with errors imports nothing. The screen asks about unsaved edits
 * before this opens, so the import always starts from the saved Gantt.
 */
export function GanttImportDialog(props: GanttImportDialogProps) {
  // mounted afresh on every opening (the dialog drops its content once closed)
  return (
    <ImportWindow {...props}>
      <ImportForm {...props} />
    </ImportWindow>
  );
}

/** After an import into the Gantt: the stored Gantt to the screen, the server's message, the dialog closed. */
export function showImported(
  result: { gantt?: Omit<GanttOutput, 'message'> | undefined; message: string },
  { onImported, onClose }: Pick<GanttImportDialogProps, 'onImported' | 'onClose'>,
) {
  if (result.gantt) onImported({ ...result.gantt, message: result.message });
  notifyMessage(result.message);
  onClose();
}

function ImportForm({ projectId, version, onImported, onStale, onClose }: GanttImportDialogProps) {
  const { t } = useTranslation();
  const text = (key: ImportStepsText, values?: ImportTextValues) =>
    key === 'cancel' ? t('gantt.cancel') : t(`gantt.import.${key}`, values);
  const importGantt = useImportGanttWorkbook();
  const flow = useWorkbookImport<Preview>({
    text,
    accept: `.xlsx,${XLSX_TYPE}`,
    refuseKind: ({ name }) => (/\.xlsx$/i.test(name) ? null : t('gantt.import.notXlsx', { file: name })),
    maxBytes: MAX_WORKBOOK_BYTES,
    check: async ({ content }) =>
      (await importGantt.mutateAsync({ projectId, content, version, dryRun: true })).preview,
    isHandled: closesWhenStale(onStale, onClose),
  });

  return (
    <ImportDialog
      layout="steps"
      flow={flow}
      readingText={(file) => t('gantt.import.reading', { file })}
      testId="gantt-import"
      counts={['updated', 'added', 'unchanged']}
      countLabel={(key) => t(`gantt.import.${key}`)}
      summary={(preview) => t('gantt.import.rows', { count: preview.rows, formatted: formatNumber(preview.rows) })}
      onConfirm={() =>
        void flow.confirm(async ({ content }) =>
          showImported(await importGantt.mutateAsync({ projectId, content, version, dryRun: false }), {
            onImported,
            onClose,
          }),
        )
      }
      onClose={onClose}
    />
  );
}
