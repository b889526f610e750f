import { workWeeks } from '@cimiento/domain';
import type { WorkWeek } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import SaveIcon from '@mui/icons-material/Save';
import SearchIcon from '@mui/icons-material/Search';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/stores/notices-store';
import { useGanttEditor, useGanttEditorStore } from '../../stores/gantt-editor-store';
import type { GanttExportFormat } from '../../utils/gantt-export';
import { ganttExportFormats } from '../../utils/gantt-export';
import { GanttViewControls } from './gantt-view-controls';

export type GanttToolbarProps = {
  isEditing: boolean;
  isExporting: boolean;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onCancel: () => void;
  onUpdate: () => void;
  onIndent: () => void;
  onOutdent: () => void;
  onSave: () => void;
  onExport: (format: GanttExportFormat) => void;
};

const exportLabels = {
  'pdf-a4': 'gantt.exportPdfA4',
  'pdf-a3': 'gantt.exportPdfA3',
  png: 'gantt.exportPng',
} as const satisfies Record<GanttExportFormat, string>;

/** The search box: filters as the user types, a moment after the last key. */
function SearchField() {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const [text, setText] = useState(() => store.getState().search);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (store.getState().search !== text) store.getState().setSearch(text);
    }, 250);
    return () => clearTimeout(timer);
  }, [text, store]);
  return (
    <TextField
      size="small"
      label={t('gantt.search')}
      placeholder={t('gantt.searchPlaceholder')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 220 }}
    />
  );
}

/** The project's working calendar: Monday–Friday (the default) or Monday–Saturday. */
function WorkWeekField() {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const workWeek = useGanttEditor((state) => state.workWeek);
  return (
    <TextField
      select
      size="small"
      label={t('gantt.workWeek')}
      value={workWeek}
      onChange={(event) => {
        const result = store.getState().setWorkWeek(event.target.value as WorkWeek);
        if (!result.ok) notifyError(result.error);
      }}
      sx={{ minWidth: 170 }}
    >
      {workWeeks.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`gantt.workWeeks.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The spec's toolbar: Add, Edit, Delete, Cancel, Update, Indent, Outdent, Search, ExpandAll,
 * CollapseAll, then 'Grabar Gantt' and 'Exportar'. Update and Cancel apply to the task editor.
 */
export function GanttToolbar(props: GanttToolbarProps) {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const hasSelection = useGanttEditor((state) => state.selectedId !== null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const { isEditing } = props;

  return (
    <Stack
      role="toolbar"
      aria-label={t('gantt.toolbar')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1, mb: 2 }}
    >
      <Button size="small" variant="outlined" color="success" startIcon={<AddIcon />} onClick={props.onAdd}>
        {t('gantt.add')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<EditIcon />} disabled={!hasSelection} onClick={props.onEdit}>
        {t('gantt.edit')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={!hasSelection}
        onClick={props.onDelete}
      >
        {t('gantt.delete')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<CloseIcon />} disabled={!isEditing} onClick={props.onCancel}>
        {t('gantt.cancel')}
      </Button>
      <Button
        size="small"
        variant="contained"
        color="success"
        startIcon={<CheckIcon />}
        disabled={!isEditing}
        onClick={props.onUpdate}
      >
        {t('gantt.update')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<FormatIndentIncreaseIcon />}
        disabled={!hasSelection}
        onClick={props.onIndent}
      >
        {t('gantt.indent')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<FormatIndentDecreaseIcon />}
        disabled={!hasSelection}
        onClick={props.onOutdent}
      >
        {t('gantt.outdent')}
      </Button>
      <Divider orientation="vertical" flexItem />
      <SearchField />
      <Button
        size="small"
        variant="outlined"
        startIcon={<UnfoldMoreIcon />}
        onClick={() => store.getState().expandAll()}
      >
        {t('gantt.expandAll')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<UnfoldLessIcon />}
        onClick={() => store.getState().collapseAll()}
      >
        {t('gantt.collapseAll')}
      </Button>
      <WorkWeekField />
      <GanttViewControls />
      <Divider orientation="vertical" flexItem />
      <Button size="small" variant="contained" color="success" startIcon={<SaveIcon />} onClick={props.onSave}>
        {t('gantt.save')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={props.isExporting ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
        disabled={props.isExporting}
        aria-haspopup="menu"
        onClick={(event) => setExportAnchor(event.currentTarget)}
      >
        {t(props.isExporting ? 'gantt.exporting' : 'gantt.export')}
      </Button>
      <Menu anchorEl={exportAnchor} open={exportAnchor !== null} onClose={() => setExportAnchor(null)}>
        {ganttExportFormats.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setExportAnchor(null);
              props.onExport(format);
            }}
          >
            {t(exportLabels[format])}
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}
