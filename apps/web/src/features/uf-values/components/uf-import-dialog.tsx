import { MAX_WORKBOOK_BASE64_CHARS, formatIsoDate, formatNumber } from '@cimiento/domain';
import type { WorkbookRowError } from '@cimiento/domain';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '@/components/import/import-dialog';
import { ImportWindow } from '@/components/import/import-window';
import type { ImportWindowProps } from '@/components/import/import-window';
import { useWorkbookImport } from '@/hooks/import-flows';
import type { ImportStepsText, ImportTextValues } from '@/hooks/import-flows';
import { fileExtension } from '@/lib/file-reading';
import { notifyMessage } from '@/lib/stores/notices-store';
import { useImportUfValues } from '../api/uf-values';

/** The largest file the server takes (its base64 limit, less base64's growth). */
const MAX_FILE_BYTES = Math.floor((MAX_WORKBOOK_BASE64_CHARS * 3) / 4);
const ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXTENSIONS = new Set(['.csv', '.txt', '.xlsx', '.xlsm']);

export type UfImportPreview = {
  values: number;
  added: number;
  changed: number;
  unchanged: number;
  first?: string;
  last?: string;
  errors: WorkbookRowError[];
};

export type UfImportDialogProps = ImportWindowProps & {
  /** after the import: what it brought, so the screen can show its years */
  onImported: (preview: UfImportPreview) => void;
};

/**
 * 'Importar archivo': a CSV or Excel file of UF values from the Central Bank or the SII. The server
 * checks it without writing (importUfValues dryRun: how many values, new, changed and unchanged,
 * their range, and each row error 'Fila 7: …'); 'Importar' saves it. A file with errors saves nothing.
 */
export function UfImportDialog(props: UfImportDialogProps) {
  return <ImportWindow {...props}>{props.isOpen && <ImportBody {...props} />}</ImportWindow>;
}

function ImportBody({ onImported, onClose }: UfImportDialogProps) {
  const { t } = useTranslation();
  const text = (key: ImportStepsText, values?: ImportTextValues) => t(`ufValues.importDialog.${key}`, values);
  const importUfValues = useImportUfValues();
  const flow = useWorkbookImport({
    text,
    accept: ACCEPT,
    // a file with no extension goes: the server tells a CSV from a workbook by its bytes
    refuseKind: ({ name }) => {
      const extension = fileExtension(name);
      return extension === '' || EXTENSIONS.has(extension)
        ? null
        : t('ufValues.importDialog.notSupported', { file: name });
    },
    maxBytes: MAX_FILE_BYTES,
    check: async ({ name, content }) =>
      (await importUfValues.mutateAsync({ content, fileName: name, dryRun: true })).preview,
  });

  return (
    <ImportDialog
      layout="steps"
      flow={flow}
      chooseLabel={t('ufValues.importDialog.choose')}
      contentSx={{ pt: 1 }}
      testId="uf-import"
      counts={['added', 'changed', 'unchanged']}
      countLabel={(key) => t(`ufValues.importDialog.${key}`)}
      summaryTestId="uf-import-range"
      summary={(preview) => (
        <>
          {t('ufValues.importDialog.values', { count: preview.values, formatted: formatNumber(preview.values) })}
          {preview.first !== undefined &&
            preview.last !== undefined &&
            `, ${t('ufValues.importDialog.range', { first: formatIsoDate(preview.first), last: formatIsoDate(preview.last) })}`}
        </>
      )}
      onConfirm={() =>
        void flow.confirm(async ({ name, content }) => {
          const result = await importUfValues.mutateAsync({ content, fileName: name, dryRun: false });
          notifyMessage(result.message);
          onImported(result.preview);
          onClose();
        })
      }
      onClose={onClose}
    />
  );
}
