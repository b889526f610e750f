import { formatIsoDate, formatNumber, remainingWorkDays } from '@cimiento/domain';
import SaveIcon from '@mui/icons-material/Save';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { StaleSaveAlert } from '@/components/ui/stale-save-alert';
import { useGanttEditor } from '../editor/gantt-editor-store';
import type { ProgressEntryStore } from './progress-entry-store';
import type { ProgressField, ProgressRow, ProgressTyped } from './progress-grid';
import {
  checkRow,
  defaultCutoff,
  invalidRowIds,
  isUnchanged,
  parseProgress,
  plannedPercentOf,
  progressFields,
  progressRowsOf,
  readCutoff,
  typedOf,
  typedWith,
  unpushedStarts,
  visibleRows,
  withProgressDefaults,
} from './progress-grid';

const ROW_HEIGHT = 36;
/** rows drawn above and below the visible window, so a quick scroll does not show blanks */
const OVERSCAN = 10;
const COLUMNS = '120px minmax(220px, 1fr) 100px 100px 130px 130px 110px 130px 110px';

export type GanttProgressGridProps = {
  isOpen: boolean;
  entry: ProgressEntryStore;
  isSaving: boolean;
  /** an error of the last 'Grabar avance' (not a stale version), in Spanish */
  saveError: string | null;
  onSave: () => void;
  onReload: () => void;
  onDiscard: () => void;
  onClose: () => void;
};

/**
 * 'Registrar avance' (issue 15): a full-screen grid for typing each leaf's progress at the cut-off
 * with the keyboard alone. Enter goes down to the same field of the next task (Shift+Enter up), Tab
 * to the next field, Escape leaves (what was typed is kept, and kept as a draft). Summaries are
 * group rows. Only the rows drawn on screen are in the page, so hundreds or thousands of tasks
 * scroll as fast as ten. Every row is checked as it is typed with the domain's messages, and
 * 'Grabar avance' waits until none is wrong.
 */
export function GanttProgressGrid(props: GanttProgressGridProps) {
  return (
    <Dialog
      fullScreen
      open={props.isOpen}
      onClose={props.onClose}
      aria-labelledby="progress-grid-title"
      data-testid="progress-grid"
    >
      {props.isOpen && <GridBody {...props} />}
    </Dialog>
  );
}

function GridBody({ entry, isSaving, saveError, onSave, onReload, onDiscard, onClose }: GanttProgressGridProps) {
  const { t } = useTranslation();
  const tasks = useGanttEditor((state) => state.tasks);
  const scheduled = useGanttEditor((state) => state.scheduled);
  const latest = useGanttEditor((state) => state.cutoff);
  const cutoffText = useStore(entry, (state) => state.cutoffText);
  const edits = useStore(entry, (state) => state.edits);
  const staleMessage = useStore(entry, (state) => state.staleMessage);
  const [underWayOnly, setUnderWayOnly] = useState(true);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [focused, setFocused] = useState<number | null>(null);

  const calendar = useGanttEditor((state) => state.calendar);
  const unpushed = useMemo(() => unpushedStarts(tasks, calendar), [tasks, calendar]);
  const rows = useMemo(() => progressRowsOf(tasks, scheduled, unpushed), [tasks, scheduled, unpushed]);
  const cutoffRead = readCutoff(cutoffText, latest);
  // rows are checked at the cut-off typed; while it cannot be read, at the one it would default to
  const cutoff = cutoffRead.ok ? cutoffRead.cutoff : defaultCutoff(latest);
  // the filter's rows are fixed while typing: a row being filled does not vanish
  const shown = useMemo(
    () => visibleRows(rows, edits, cutoff, { underWayOnly, search: deferredSearch }),
    [rows, edits, cutoff, underWayOnly, deferredSearch],
  );
  const invalid = useMemo(() => invalidRowIds(rows, edits, cutoff), [rows, edits, cutoff]);
  const changed = useMemo(
    () => rows.filter((row) => !row.isSummary && edits[row.id] && !isUnchanged(row, edits[row.id] as ProgressTyped)),
    [rows, edits],
  );
  const canSave = cutoffRead.ok && invalid.length === 0 && changed.length > 0 && staleMessage === null && !isSaving;

  // the virtual window
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(600);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setViewHeight(element.clientHeight || 600);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(shown.length, Math.ceil((scrollTop + viewHeight) / ROW_HEIGHT) + OVERSCAN);

  // keyboard moves: the target cell is scrolled into view, drawn, then focused
  const pendingFocus = useRef<{ row: number; col: number } | null>(null);
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    const input = scroller.current?.querySelector<HTMLInputElement>(
      `input[data-row="${target.row}"][data-col="${target.col}"]`,
    );
    if (!input) return;
    pendingFocus.current = null;
    input.focus();
    input.select();
  });

  function focusCell(rowIndex: number, col: number) {
    const element = scroller.current;
    if (!element) return;
    const top = rowIndex * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    pendingFocus.current = { row: rowIndex, col };
    setScrollTop(element.scrollTop);
    // drawn already: focus at once (the layout effect runs only on a new render)
    const input = element.querySelector<HTMLInputElement>(`input[data-row="${rowIndex}"][data-col="${col}"]`);
    if (input) {
      pendingFocus.current = null;
      input.focus();
      input.select();
    }
  }

  /** The next leaf row from `from` in `step` direction, or null at the end. */
  function nextLeaf(from: number, step: 1 | -1): number | null {
    for (let index = from + step; index >= 0 && index < shown.length; index += step) {
      if (!shown[index]?.isSummary) return index;
    }
    return null;
  }

  function commitProgress(row: ProgressRow) {
    const typed = entry.getState().edits[row.id];
    if (!typed) return;
    const next = withProgressDefaults(row, typed, cutoff);
    if (next !== typed && (next.actualStart !== typed.actualStart || next.actualFinish !== typed.actualFinish))
      entry.getState().setTyped(row.id, next);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>, rowIndex: number, col: number) {
    const row = shown[rowIndex];
    if (!row) return;
    const isVertical = event.key === 'Enter' || event.key === 'ArrowDown' || event.key === 'ArrowUp';
    if (isVertical) {
      event.preventDefault();
      if (progressFields[col] === 'progress') commitProgress(row);
      const up = event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey);
      const target = nextLeaf(rowIndex, up ? -1 : 1);
      if (target !== null) focusCell(target, col);
    } else if (event.key === 'Tab') {
      if (progressFields[col] === 'progress') commitProgress(row);
      const back = event.shiftKey;
      if (!back && col < progressFields.length - 1) {
        event.preventDefault();
        focusCell(rowIndex, col + 1);
      } else if (back && col > 0) {
        event.preventDefault();
        focusCell(rowIndex, col - 1);
      } else {
        const target = nextLeaf(rowIndex, back ? -1 : 1);
        if (target === null) return; // out of the grid, to the buttons
        event.preventDefault();
        focusCell(target, back ? progressFields.length - 1 : 0);
      }
    }
  }

  function handleChange(row: ProgressRow, field: ProgressField, value: string) {
    const typed = entry.getState().edits[row.id] ?? typedOf(row);
    entry.getState().setTyped(row.id, typedWith(row, typed, field, value));
  }

  const focusedRow = focused === null ? undefined : rows.find((row) => row.id === focused);
  const focusedCheck =
    focusedRow && edits[focusedRow.id] ? checkRow(focusedRow, edits[focusedRow.id] as ProgressTyped, cutoff) : null;
  const columnLabel: Record<ProgressField, string> = {
    actualStart: t('gantt.progressEntry.actualStart'),
    actualFinish: t('gantt.progressEntry.actualFinish'),
    progress: t('gantt.progressEntry.progress'),
    remaining: t('gantt.progressEntry.remaining'),
  };

  /** Enter in the cut-off or the search goes to the first task's first field. */
  function enterGrid(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const target = nextLeaf(-1, 1);
    if (target !== null) focusCell(target, 0);
  }

  return (
    <Stack
      sx={{ height: '100%', minHeight: 0 }}
      onKeyDown={(event) => {
        // Ctrl+S (or Ctrl+Enter) is 'Grabar avance' here, not the Gantt's 'Grabar Gantt'
        const isSave =
          (event.ctrlKey || event.metaKey) &&
          !event.altKey &&
          (event.key.toLowerCase() === 's' || event.key === 'Enter');
        if (!isSave) return;
        event.preventDefault();
        event.stopPropagation();
        const focusedInput = document.activeElement;
        // the typed progress gets its defaults before it is saved
        if (focusedInput instanceof HTMLInputElement && focusedInput.dataset.col === '2') {
          const row = shown[Number(focusedInput.dataset.row)];
          if (row) commitProgress(row);
        }
        if (canSave) onSave();
      }}
    >
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="h6" component="h2" id="progress-grid-title">
          {t('gantt.progressEntry.title')}
        </Typography>
        <TextField
          size="small"
          label={t('gantt.progressEntry.cutoff')}
          placeholder="dd-mm-aaaa"
          value={cutoffText}
          onChange={(event) => entry.getState().setCutoffText(event.target.value)}
          onKeyDown={enterGrid}
          autoFocus
          error={!cutoffRead.ok}
          helperText={
            cutoffRead.ok
              ? latest === null
                ? t('gantt.progressEntry.cutoffHintNone')
                : t('gantt.progressEntry.cutoffHint', { date: formatIsoDate(latest) })
              : cutoffRead.error
          }
          slotProps={{ htmlInput: { 'data-testid': 'progress-cutoff' } }}
          sx={{ width: 200 }}
        />
        <FormControlLabel
          control={<Checkbox checked={underWayOnly} onChange={(event) => setUnderWayOnly(event.target.checked)} />}
          label={t('gantt.progressEntry.underWayOnly')}
        />
        <TextField
          size="small"
          label={t('gantt.progressEntry.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={enterGrid}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: 240 }}
        />
        <Typography variant="body2" color="text.secondary" data-testid="progress-grid-counts">
          {[
            t('gantt.progressEntry.shown', {
              count: shown.filter((row) => !row.isSummary).length,
              formatted: formatNumber(shown.filter((row) => !row.isSummary).length),
            }),
            t('gantt.progressEntry.changed', { count: changed.length, formatted: formatNumber(changed.length) }),
            ...(invalid.length > 0
              ? [t('gantt.progressEntry.invalid', { count: invalid.length, formatted: formatNumber(invalid.length) })]
              : []),
          ].join(' · ')}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button color="inherit" disabled={changed.length === 0 || isSaving} onClick={onDiscard}>
          {t('gantt.progressEntry.discard')}
        </Button>
        <Button color="inherit" variant="outlined" onClick={onClose}>
          {t('gantt.progressEntry.close')}
        </Button>
        <Button
          variant="contained"
          color="success"
          startIcon={<SaveIcon />}
          disabled={!canSave}
          loading={isSaving}
          onClick={onSave}
        >
          {t('gantt.progressEntry.save')}
        </Button>
      </Stack>
      <Box sx={{ px: 2 }}>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ my: 0.5 }}>
          {t('gantt.progressEntry.keysHint')}
        </Typography>
        <StaleSaveAlert message={staleMessage} reloadLabel={t('gantt.progressEntry.reload')} onReload={onReload} />
        {saveError !== null && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {saveError}
          </Alert>
        )}
      </Box>
      <Box
        role="grid"
        aria-label={t('gantt.progressEntry.title')}
        aria-rowcount={shown.length + 1}
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          mx: 2,
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Box
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: COLUMNS,
            bgcolor: 'grey.100',
            borderBottom: 1,
            borderColor: 'divider',
            fontWeight: 600,
            fontSize: '0.8125rem',
            '& > *': { px: 1, py: 1 },
          }}
        >
          <Box role="columnheader">{t('gantt.progressEntry.code')}</Box>
          <Box role="columnheader">{t('gantt.progressEntry.name')}</Box>
          <Box role="columnheader">{t('gantt.progressEntry.start')}</Box>
          <Box role="columnheader">{t('gantt.progressEntry.finish')}</Box>
          <Box role="columnheader">{columnLabel.actualStart}</Box>
          <Box role="columnheader">{columnLabel.actualFinish}</Box>
          <Box role="columnheader" title={t('gantt.progressEntry.plannedPercentHint')} sx={{ textAlign: 'right' }}>
            {t('gantt.progressEntry.plannedPercent')}
          </Box>
          <Box role="columnheader">{columnLabel.progress}</Box>
          <Box role="columnheader" title={t('gantt.progressEntry.remainingHint')}>
            {columnLabel.remaining}
          </Box>
        </Box>
        <Box
          ref={scroller}
          data-testid="progress-grid-rows"
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
          sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}
        >
          {shown.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('gantt.progressEntry.noRows')}
            </Typography>
          )}
          <Box sx={{ height: shown.length * ROW_HEIGHT, position: 'relative' }}>
            {shown.slice(first, last).map((row, offset) => {
              const rowIndex = first + offset;
              const typed = edits[row.id];
              const check = !row.isSummary && typed ? checkRow(row, typed, cutoff) : null;
              const values = typed ?? typedOf(row);
              return (
                <Box
                  key={row.id}
                  role="row"
                  aria-rowindex={rowIndex + 2}
                  data-task-id={row.id}
                  sx={{
                    position: 'absolute',
                    top: rowIndex * ROW_HEIGHT,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    display: 'grid',
                    gridTemplateColumns: COLUMNS,
                    alignItems: 'center',
                    borderBottom: 1,
                    borderColor: 'divider',
                    fontSize: '0.8125rem',
                    bgcolor: row.isSummary ? 'grey.50' : focused === row.id ? 'action.selected' : 'background.paper',
                    fontWeight: row.isSummary ? 600 : 400,
                    '& > [role="gridcell"]': {
                      px: 1,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    },
                  }}
                >
                  <Box role="gridcell">{row.code}</Box>
                  <Box role="gridcell" sx={{ pl: `${8 + row.depth * 14}px !important` }} title={row.name}>
                    {row.name}
                  </Box>
                  <Box role="gridcell" data-testid={`progress-start-${row.id}`}>
                    {formatIsoDate(row.start)}
                  </Box>
                  <Box role="gridcell" data-testid={`progress-finish-${row.id}`}>
                    {formatIsoDate(row.finish)}
                  </Box>
                  {row.isSummary ? (
                    <>
                      <Box role="gridcell" />
                      <Box role="gridcell" />
                      <Box role="gridcell" />
                      <Box role="gridcell" />
                      <Box role="gridcell" />
                    </>
                  ) : (
                    progressFields.map((field, col) => {
                      const message = check?.errors[field];
                      return (
                        <Fragment key={field}>
                          {field === 'progress' && (
                            <Box
                              role="gridcell"
                              data-testid={`progress-planned-${row.id}`}
                              sx={{ textAlign: 'right', color: 'text.secondary' }}
                            >
                              {formatPercentCell(plannedPercentOf(row, calendar, cutoff))}
                            </Box>
                          )}
                          <Box role="gridcell" sx={{ px: '4px !important' }}>
                            <Box
                              component="input"
                              value={values[field] ?? ''}
                              data-row={rowIndex}
                              data-col={col}
                              data-testid={`progress-${field}-${row.id}`}
                              aria-label={t('gantt.progressEntry.cellLabel', {
                                column: columnLabel[field],
                                task: row.code === '' ? row.name : `${row.code} ${row.name}`,
                              })}
                              aria-invalid={message !== undefined}
                              title={message}
                              inputMode={field === 'progress' ? 'decimal' : 'numeric'}
                              placeholder={placeholderOf(row, values, field)}
                              autoComplete="off"
                              onChange={(event) => handleChange(row, field, event.currentTarget.value)}
                              onKeyDown={(event) => handleKeyDown(event, rowIndex, col)}
                              onFocus={() => setFocused(row.id)}
                              onBlur={() => {
                                if (field === 'progress') commitProgress(row);
                              }}
                              sx={{
                                width: '100%',
                                height: 28,
                                boxSizing: 'border-box',
                                px: 1,
                                font: 'inherit',
                                textAlign: field === 'progress' || field === 'remaining' ? 'right' : 'left',
                                border: 1,
                                borderRadius: 0.5,
                                borderColor: message !== undefined ? 'error.main' : 'grey.400',
                                bgcolor: message !== undefined ? '#fdecea' : 'background.paper',
                                outline: 'none',
                                '&:focus': {
                                  borderColor: message !== undefined ? 'error.main' : 'primary.main',
                                  boxShadow: 1,
                                },
                              }}
                            />
                          </Box>
                        </Fragment>
                      );
                    })
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
      </Box>
      <Box sx={{ px: 2, py: 1, minHeight: 40 }} role="status" data-testid="progress-grid-messages">
        {focusedCheck && Object.keys(focusedCheck.errors).length > 0 ? (
          <Typography variant="body2" color="error">
            {Object.values(focusedCheck.errors).join(' · ')}
          </Typography>
        ) : invalid.length > 0 ? (
          <Typography variant="body2" color="error">
            {invalid
              .slice(0, 3)
              .map((id) => {
                const row = rows.find((candidate) => candidate.id === id);
                const typed = edits[id];
                return row && typed ? Object.values(checkRow(row, typed, cutoff).errors)[0] : '';
              })
              .join(' · ')}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}

/**
 * What an empty field shows: dd-mm-aaaa for a date; issue 34: for 'Duración restante' of a task under
 * way, the working days its progress leaves (the count the engine uses when the field is empty).
 */
function placeholderOf(row: ProgressRow, typed: ProgressTyped, field: ProgressField): string {
  if (field === 'actualStart' || field === 'actualFinish') return 'dd-mm-aaaa';
  if (field === 'progress') return '';
  const progress = parseProgress(typed.progress);
  if (progress === null || typed.actualStart.trim() === '' || typed.actualFinish.trim() !== '') return '';
  return String(remainingWorkDays(row.duration, progress));
}

/** '40 %' (es-CL), nothing for a summary. */
function formatPercentCell(percent: number | null): string {
  return percent === null ? '' : `${formatNumber(percent)} %`;
}
