import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import GridOnIcon from '@mui/icons-material/GridOn';
import PrintIcon from '@mui/icons-material/Print';
import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { EdpChange } from '@cimiento/domain';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/lib/stores/notices-store';
import { useEdpEditor, useEdpEditorStore } from '../stores/edp-editor-store';

export type EdpToolbarProps = {
  /** Issue 36: the caller's role may not change the plan: only Imprimir and Exportar a Excel. */
  readOnly?: boolean;
  isExporting: boolean;
  /** A deletion question (delete or save) is waiting for what the items carry. */
  isCounting: boolean;
  onRemove: (id: number) => void;
  onSave: () => void;
  onRenumber: () => void;
  /** 'Indentar' (false) and 'Desindentar' (true) of the selected item: the editor asks first when it touches money. */
  onMove: (outdent: boolean) => void;
  onPrint: () => void;
  onExport: () => void;
  /** issue 14: 'Importar desde Excel' */
  onImport: () => void;
};

/** A refused tree operation (indent the first child, outdent a level-1 item…) says why, in the domain's words. */
function report(change: EdpChange): void {
  if (!change.ok && change.error !== '') notifyError(change.error);
}

/**
 * The spec's toolbar: Add, Delete, Update, Cancel, Indent, Outdent and 'Grabar EDP', plus Imprimir
 * and Exportar a Excel, issue 12's 'Renumerar códigos' and 'Deshacer', and issue 14's 'Importar desde
 * Excel' (which asks to save or discard unsaved edits first). While a row is being edited only Grabar
 * and Cancelar apply, and the import (which asks about the row first).
 */
export function EdpToolbar({
  readOnly = false,
  isExporting,
  isCounting,
  onRemove,
  onSave,
  onRenumber,
  onMove,
  onPrint,
  onExport,
  onImport,
}: EdpToolbarProps) {
  const { t } = useTranslation();
  const store = useEdpEditorStore();
  const selectedId = useEdpEditor((state) => state.selectedId);
  const isEditing = useEdpEditor((state) => state.editing !== null);
  const isRootSelected = useEdpEditor(
    (state) =>
      state.selectedId !== null && state.items.find((item) => item.id === state.selectedId)?.parentId === undefined,
  );
  const hasSelection = selectedId !== null;
  const canUndo = useEdpEditor((state) => state.undoStack.length > 0);

  const printButton = (
    <Button size="small" variant="outlined" startIcon={<PrintIcon />} disabled={isEditing} onClick={onPrint}>
      {t('edp.print')}
    </Button>
  );
  const exportButton = (
    <Button
      size="small"
      variant="outlined"
      startIcon={<GridOnIcon />}
      disabled={isEditing}
      loading={isExporting}
      loadingPosition="start"
      onClick={onExport}
    >
      {t('edp.exportExcel')}
    </Button>
  );
  if (readOnly) {
    return (
      <Stack role="toolbar" aria-label={t('edp.toolbar')} direction="row" spacing={1} className="edp-toolbar">
        {printButton}
        {exportButton}
      </Stack>
    );
  }

  return (
    <Stack
      role="toolbar"
      aria-label={t('edp.toolbar')}
      direction="row"
      spacing={1}
      useFlexGap
      className="edp-toolbar"
      sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}
    >
      <Button
        size="small"
        variant="outlined"
        color="success"
        startIcon={<AddIcon />}
        disabled={isEditing}
        onClick={() => report(store.getState().add(t('edp.newItemName')))}
      >
        {t('edp.add')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<EditIcon />}
        disabled={isEditing || !hasSelection}
        onClick={() => selectedId !== null && store.getState().startEdit(selectedId)}
      >
        {t('edp.edit')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={isEditing || !hasSelection || isRootSelected}
        loading={isCounting}
        loadingPosition="start"
        title={isRootSelected ? t('edp.rootLocked') : undefined}
        onClick={() => selectedId !== null && onRemove(selectedId)}
      >
        {t('edp.remove')}
      </Button>
      <Button
        size="small"
        variant={isEditing ? 'contained' : 'outlined'}
        color="primary"
        startIcon={<CheckIcon />}
        disabled={!isEditing}
        onClick={() => store.getState().commitEdit()}
      >
        {t('edp.update')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<CloseIcon />}
        disabled={!isEditing}
        onClick={() => store.getState().cancelEdit()}
      >
        {t('edp.cancel')}
      </Button>
      <Divider orientation="vertical" flexItem />
      <Button
        size="small"
        variant="outlined"
        startIcon={<FormatIndentIncreaseIcon />}
        disabled={isEditing || isCounting || !hasSelection || isRootSelected}
        onClick={() => onMove(false)}
      >
        {t('edp.indent')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<FormatIndentDecreaseIcon />}
        disabled={isEditing || isCounting || !hasSelection || isRootSelected}
        onClick={() => onMove(true)}
      >
        {t('edp.outdent')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<FormatListNumberedIcon />}
        disabled={isEditing}
        title={t('edp.renumberHint')}
        onClick={onRenumber}
      >
        {t('edp.renumber')}
      </Button>
      <Divider orientation="vertical" flexItem />
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<UndoIcon />}
        disabled={isEditing || !canUndo}
        title={t('edp.undoHint')}
        onClick={() => store.getState().undo()}
      >
        {t('edp.undo')}
      </Button>
      <Divider orientation="vertical" flexItem />
      <Button
        size="small"
        variant="contained"
        color="success"
        startIcon={<SaveIcon />}
        disabled={isEditing || isCounting}
        onClick={onSave}
      >
        {t('edp.saveEdp')}
      </Button>
      {printButton}
      {exportButton}
      <Button size="small" variant="outlined" startIcon={<UploadFileIcon />} disabled={isCounting} onClick={onImport}>
        {t('edpExcel.import')}
      </Button>
    </Stack>
  );
}
