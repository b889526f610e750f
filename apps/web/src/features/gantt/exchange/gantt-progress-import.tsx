import { formatIsoDate, formatNumber } from '@cimiento/domain';
import type { WorkbookRowError } from '@cimiento/domain';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '@/components/import/import-dialog';
import { ImportWindow } from '@/components/import/import-window';
import { closesWhenStale, useWorkbookImport } from '@/hooks/import-flows';
import type { ImportStepsText, ImportTextValues } from '@/hooks/import-flows';
import { useImportProgress } from '../api/progress';
import { readCutoff } from '../tracking/progress-grid';
import { MAX_WORKBOOK_BYTES, XLSX_TYPE, showImported } from './gantt-import-dialog';
import type { GanttImportDialogProps } from './gantt-import-dialog';

/** The dry run's answer, with the cut-off it was checked at (the one the import records). */
type Preview = { rows: number; errors: WorkbookRowError[]; updated: number; unchanged: number; cutoff: string };

export type GanttProgressImportProps = GanttImportDialogProps & {
  /** the latest cut-off recorded (an earlier one is refused) */
  latestCutoff: string | null;
  /** the cut-off the dialog opens with, as typed in 'Registrar avance' */
  initialCutoff: string;
};

/**
 * 'Importar avance desde Excel' (issue 15): the progress sheet ('Descargar planilla de avance') at a
 * cut-off. The file is checked by the server without writing (importProgress dryRun: rows, tasks
 * with new progress, unchanged, and every row error 'Fila 7: …'), and recorded only after
 * 'Importar'. A file with errors records nothing.
 */
export function GanttProgressImport(props: GanttProgressImportProps) {
  return <ImportWindow {...props}>{props.isOpen && <ImportBody {...props} />}</ImportWindow>;
}

function ImportBody({
  projectId,
  version,
  latestCutoff,
  initialCutoff,
  onImported,
  onStale,
  onClose,
}: GanttProgressImportProps) {
  const { t } = useTranslation();
  const text = (key: ImportStepsText, values?: ImportTextValues) => t(`gantt.progressEntry.excel.${key}`, values);
  const [cutoffText, setCutoffText] = useState(initialCutoff);
  const importProgress = useImportProgress();
  const cutoffRead = readCutoff(cutoffText, latestCutoff);
  const flow = useWorkbookImport<Preview>({
    text,
    accept: `.xlsx,${XLSX_TYPE}`,
    refuseKind: ({ name }) => {
      if (!cutoffRead.ok) return cutoffRead.error;
      return /\.xlsx$/i.test(name) ? null : t('gantt.progressEntry.excel.notXlsx', { file: name });
    },
    maxBytes: MAX_WORKBOOK_BYTES,
    check: async ({ content }) => {
      // the cut-off as it was when the file came (the field is locked from then on)
      const cutoff = cutoffRead.ok ? cutoffRead.cutoff : '';
      const result = await importProgress.mutateAsync({ projectId, cutoff, content, version, dryRun: true });
      return { ...result.preview, cutoff };
    },
    isHandled: closesWhenStale(onStale, onClose),
  });

  return (
    <ImportDialog
      layout="steps"
      flow={flow}
      chooseLabel={t('gantt.progressEntry.excel.choose')}
      isZoneDisabled={!cutoffRead.ok}
      contentSx={{ pt: 1 }}
      testId="progress-import"
      counts={['updated', 'unchanged']}
      countLabel={(key) => t(`gantt.progressEntry.excel.${key}`)}
      summary={(preview) =>
        t('gantt.progressEntry.excel.rows', { count: preview.rows, formatted: formatNumber(preview.rows) })
      }
      onConfirm={() =>
        void flow.confirm(async ({ content }, { cutoff }) => {
          const result = await importProgress.mutateAsync({ projectId, cutoff, content, version, dryRun: false });
          showImported(result, { onImported, onClose });
        })
      }
      onClose={onClose}
    >
      <TextField
        size="small"
        label={t('gantt.progressEntry.cutoff')}
        placeholder="dd-mm-aaaa"
        value={cutoffText}
        disabled={flow.step.kind !== 'choose'}
        onChange={(event) => setCutoffText(event.target.value)}
        error={!cutoffRead.ok}
        helperText={
          cutoffRead.ok
            ? latestCutoff === null
              ? t('gantt.progressEntry.cutoffHintNone')
              : t('gantt.progressEntry.cutoffHint', { date: formatIsoDate(latestCutoff) })
            : cutoffRead.error
        }
        sx={{ width: 220 }}
      />
    </ImportDialog>
  );
}
