import { sequencingModes } from '@cimiento/domain';
import type { ExchangeFormat, SequencingMode } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import SaveIcon from '@mui/icons-material/Save';
import SearchIcon from '@mui/icons-material/Search';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { formatNumber } from '@cimiento/domain';
import type { TFunction } from 'i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGanttEditor, useGanttEditorStore } from '../editor/gantt-editor-store';
import type { GanttExportFormat } from '../print/gantt-export';
import { ganttExportFormats } from '../print/gantt-export';
import { GanttBaselineMenu } from '../tracking/gantt-baseline-menu';
import { ToolButton, ToolGroup } from '../editor/gantt-tool-button';
import { GanttViewControls } from '../chart/gantt-view-controls';
import type { GanttUndoStep } from '../editor/gantt-undo';
import { describeGanttStep } from '../editor/gantt-undo';

export type GanttToolbarProps = {
  /**
   * Issue 36: the caller's role may not change the plan: the tree's view, the search, the baselines
   * shown, the progress tools it was given, the view and 'Exportar'; nothing that edits.
   */
  readOnly?: boolean;
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
  /** the option the 'Secuencia' field shows: the project's, or the one the open question is about */
  sequencing: SequencingMode;
  /** a new option chosen in 'Secuencia' (the screen asks before anything changes) */
  onSequencingChange: (sequencing: SequencingMode) => void;
  /** 'Regenerar secuencia' with the project's option (the screen asks first) */
  onRegenerate: () => void;
  /** the PDF and PNG drawn in the page, or a file the server builds from the saved Gantt (issue 14) */
  onExport: (format: GanttExportChoice) => void;
  /** 'Calendario' (issue 14): the project's calendar dialog */
  onCalendar: () => void;
  /** 'Importar desde Excel' (issue 14) */
  onImport: () => void;
  /** issue 15: the cut-off and recording progress ('Registrar avance', gantt-progress-tools) */
  progressTools?: ReactNode;
  /** issue 35: 'Redistribuir recursos' (resources/gantt-leveling-tools) */
  resourceTools?: ReactNode;
};

/** What 'Exportar' offers: drawn in the page (PDF, PNG) or built by the server (MSPDI, Excel). */
export type GanttExportChoice = GanttExportFormat | ExchangeFormat;

const exportLabels = {
  'pdf-a4': 'gantt.exportPdfA4',
  'pdf-a3': 'gantt.exportPdfA3',
  png: 'gantt.exportPng',
  'pdf-3w': 'gantt.exportThreeWeeks',
} as const satisfies Record<GanttExportFormat, string>;

const serverExportLabels = {
  mspdi: 'gantt.exportMspdi',
  xlsx: 'gantt.exportXlsx',
} as const satisfies Record<ExchangeFormat, string>;

/** The server's formats in the order the issue names them: 'MS Project (XML)', then 'Excel'. */
const exchangeFormatsShown: readonly ExchangeFormat[] = ['mspdi', 'xlsx'];

/** The toolbar's fields: as tall as its buttons, their label always on the border. */
const compactField = {
  '& .MuiInputBase-root': { height: 32, fontSize: '0.875rem' },
  '& .MuiInputBase-input': { py: 0 },
} as const;

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
        inputLabel: { shrink: true },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ ...compactField, width: 170 }}
    />
  );
}

/**
 * The project's sequencing option (issue 13) and 'Regenerar secuencia'. Neither changes anything by
 * itself: the screen asks first, with what will be replaced and what is kept.
 */
function SequencingField(props: {
  value: SequencingMode;
  onChange: (sequencing: SequencingMode) => void;
  onRegenerate: () => void;
}) {
  const { t } = useTranslation();
  const isStale = useGanttEditor((state) => state.staleMessage !== null);
  return (
    <ToolGroup>
      <TextField
        select
        size="small"
        label={t('gantt.sequencing')}
        value={props.value}
        disabled={isStale}
        onChange={(event) => props.onChange(event.target.value as SequencingMode)}
        sx={{ ...compactField, width: 192 }}
      >
        {sequencingModes.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`projects.sequencingModes.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <ToolButton
        label={t('gantt.regenerateSequence')}
        icon={<AutorenewIcon fontSize="small" />}
        disabled={isStale}
        onClick={props.onRegenerate}
      />
    </ToolGroup>
  );
}

/** issue 32: what a step changed, in words ('duración de OG.2 Fundaciones', 'inicio de 4 tareas'). */
function stepText(t: TFunction, step: GanttUndoStep): string {
  const name = describeGanttStep(step.before, step.after);
  const task =
    name.task ?? t('gantt.history.tasks', { count: name.count ?? 0, formatted: formatNumber(name.count ?? 0) });
  return t(`gantt.history.steps.${name.kind}`, { task });
}

/**
 * 'Deshacer' and 'Rehacer' (issue 32), as in the EDP: off while there is nothing to take back (or
 * forward) and while the task editor is open; the tooltip names the step and its key.
 */
function UndoButtons({ isEditing }: { isEditing: boolean }) {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const undoStep = useGanttEditor((state) => state.undoStack[state.undoStack.length - 1]);
  const redoStep = useGanttEditor((state) => state.redoStack[state.redoStack.length - 1]);
  return (
    <ToolGroup>
      <ToolButton
        label={t('gantt.history.undo')}
        title={
          undoStep ? t('gantt.history.undoStep', { step: stepText(t, undoStep) }) : t('gantt.history.nothingToUndo')
        }
        keys={t('gantt.history.undoKeys')}
        icon={<UndoIcon fontSize="small" />}
        disabled={isEditing || !undoStep}
        onClick={() => store.getState().undo()}
      />
      <ToolButton
        label={t('gantt.history.redo')}
        title={
          redoStep ? t('gantt.history.redoStep', { step: stepText(t, redoStep) }) : t('gantt.history.nothingToRedo')
        }
        keys={t('gantt.history.redoKeys')}
        icon={<RedoIcon fontSize="small" />}
        disabled={isEditing || !redoStep}
        onClick={() => store.getState().redo()}
      />
    </ToolGroup>
  );
}

/**
 * The spec's toolbar: Add, Edit, Delete, Cancel, Update, Indent, Outdent, Search, ExpandAll,
 * CollapseAll, then 'Grabar Gantt', 'Importar desde Excel' and 'Exportar'. Update and Cancel apply to the task editor.
 * Laid out as a ribbon in two rows at most down to 1024 px (issue 12): editing | the tree | the
 * search | 'Calendario', then the view (zoom, fit, columns) with 'Deshacer', 'Rehacer', saving and
 * export at the right (issue 32: the first row has no room left for them at 1366 px).
 * Secondary actions are icons with their name in a tooltip; the main ones keep their text.
 * 'Exportar' stays the last control: Tab from it goes into the grid.
 */
export function GanttToolbar(props: GanttToolbarProps) {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const hasSelection = useGanttEditor((state) => state.selectedId !== null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const { isEditing, readOnly = false } = props;
  // rows wrap only on narrow screens; the fields' labels sit on their border, above the row
  const rowSx = { flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 1.5 } as const;

  return (
    <Stack role="toolbar" aria-label={t('gantt.toolbar')} spacing={1} sx={{ mb: 1.5, flexShrink: 0 }}>
      <Stack direction="row" useFlexGap sx={rowSx}>
        {!readOnly && (
          <ToolGroup>
            <Button size="small" variant="outlined" color="success" startIcon={<AddIcon />} onClick={props.onAdd}>
              {t('gantt.add')}
            </Button>
            <ToolButton
              label={t('gantt.edit')}
              keys={t('gantt.keys.edit')}
              icon={<EditIcon fontSize="small" />}
              disabled={!hasSelection}
              onClick={props.onEdit}
            />
            <ToolButton
              label={t('gantt.delete')}
              keys={t('gantt.keys.delete')}
              icon={<DeleteIcon fontSize="small" />}
              color="error"
              disabled={!hasSelection}
              onClick={props.onDelete}
            />
            <ToolButton
              label={t('gantt.cancel')}
              keys={t('gantt.keys.cancel')}
              icon={<CloseIcon fontSize="small" />}
              disabled={!isEditing}
              onClick={props.onCancel}
            />
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
          </ToolGroup>
        )}
        {!readOnly && <Divider orientation="vertical" flexItem />}
        <ToolGroup>
          {!readOnly && (
            <>
              <ToolButton
                label={t('gantt.indent')}
                keys={t('gantt.keys.indent')}
                icon={<FormatIndentIncreaseIcon fontSize="small" />}
                disabled={!hasSelection}
                onClick={props.onIndent}
              />
              <ToolButton
                label={t('gantt.outdent')}
                keys={t('gantt.keys.outdent')}
                icon={<FormatIndentDecreaseIcon fontSize="small" />}
                disabled={!hasSelection}
                onClick={props.onOutdent}
              />
            </>
          )}
          <ToolButton
            label={t('gantt.expandAll')}
            icon={<UnfoldMoreIcon fontSize="small" />}
            onClick={() => store.getState().expandAll()}
          />
          <ToolButton
            label={t('gantt.collapseAll')}
            icon={<UnfoldLessIcon fontSize="small" />}
            onClick={() => store.getState().collapseAll()}
          />
        </ToolGroup>
        <Divider orientation="vertical" flexItem />
        <SearchField />
        {/* issue 14: the project's calendar (working weekdays, Chile's holidays, exceptions); issue 15:
            an icon, so the tracking controls after it fit the first row at 1024 px */}
        {!readOnly && (
          <ToolButton
            label={t('gantt.calendar.button')}
            icon={<CalendarMonthIcon fontSize="small" />}
            onClick={props.onCalendar}
          />
        )}
        <GanttBaselineMenu canChange={!readOnly} />
        {props.progressTools}
      </Stack>
      <Stack direction="row" useFlexGap sx={rowSx}>
        <GanttViewControls />
        {!readOnly && <Divider orientation="vertical" flexItem />}
        {!readOnly && (
          <SequencingField
            value={props.sequencing}
            onChange={props.onSequencingChange}
            onRegenerate={props.onRegenerate}
          />
        )}
        {/* issue 35: 'Redistribuir recursos' beside the logic's other tool (the first row is full at 1024 px) */}
        {props.resourceTools}
        <ToolGroup isEnd>
          {!readOnly && (
            <>
              <UndoButtons isEditing={isEditing} />
              <Button size="small" variant="contained" color="success" startIcon={<SaveIcon />} onClick={props.onSave}>
                {t('gantt.save')}
              </Button>
              <ToolButton
                label={t('gantt.importXlsx')}
                icon={<UploadFileIcon fontSize="small" />}
                onClick={props.onImport}
              />
            </>
          )}
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
        </ToolGroup>
      </Stack>
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
        <Divider />
        {exchangeFormatsShown.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setExportAnchor(null);
              props.onExport(format);
            }}
          >
            {t(serverExportLabels[format])}
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}
