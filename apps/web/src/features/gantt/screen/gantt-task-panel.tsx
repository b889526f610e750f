import {
  MAX_TASK_NOTES,
  checkGanttTaskEdit,
  formatIsoDate,
  isoOfTypedDate,
  ganttLinkCandidates,
  ganttParentIds,
  ganttTaskDirectory,
  linkTypes,
  searchGanttTasks,
} from '@cimiento/domain';
import type { GanttTaskChanges, GanttTaskFieldErrors, GanttTaskRef, LinkType } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGanttEditor } from '../editor/gantt-editor-store';
import { TaskProgressFields, useTaskProgressForm } from './task-progress-fields';
import { TaskResourceFields, useTaskResourcesForm } from './task-resource-fields';
import { TaskQuantityFields, useTaskQuantity } from './task-quantity-fields';

/** A field's message wraps under it instead of widening it. */
const helperSlot = { formHelperText: { sx: { whiteSpace: 'normal', mx: 0 } } } as const;

/** A predecessor row: the task chosen from the list (or null while only typed), what the field shows, type and lag. */
type PredecessorRow = { key: number; taskId: number | null; text: string; type: LinkType; lag: string };

/** What the predecessor field shows for a task: its unique code (issue 32) and name. */
function optionText(ref: GanttTaskRef): string {
  return ref.uniqueCode === '' ? ref.name : `${ref.uniqueCode} ${ref.name}`;
}

/**
 * What the panel's fields hold, checked by the domain on 'Actualizar' (checkGanttTaskEdit). issue 32:
 * with an error, `atField` says the panel shows it at its field (red, with the message under it).
 */
export type GanttTaskPanelHandle = { read: () => GanttTaskChanges | { error: string; atField?: true } };

/** The first message of the fields' errors, in the panel's order. */
function firstError(errors: GanttTaskFieldErrors): string | undefined {
  const rows = Object.entries(errors.predecessors ?? {}).sort(([left], [right]) => Number(left) - Number(right));
  return (
    errors.code ??
    errors.name ??
    errors.start ??
    errors.duration ??
    rows.map(([, row]) => row.task ?? row.lag).find((message) => message !== undefined)
  );
}

/**
 * The task editor (issue 7): name, code, start, duration, progress and the predecessors, each with
 * its link type and lag. It sits above the chart while a task is being edited; the toolbar's
 * 'Actualizar' (or Enter) applies it and 'Cancelar' (or Escape) closes it. A summary's dates come
 * from its tasks. 'Inicio' shows the computed start; a date typed there becomes the task's "start no
 * earlier than", and leaving it as shown keeps the one the task had. Predecessors are found by code, name or Id (issue 12): the list shows each
 * task's EDP item, since activity codes restart in every item; a TaskID or a code only one task
 * has may also be typed. Opening it puts the focus in its first field that can be changed.
 */
export const GanttTaskPanel = forwardRef<
  GanttTaskPanelHandle,
  { id: number; onSubmit: () => void; onCancel: () => void }
>(function GanttTaskPanel({ id, onSubmit, onCancel }, ref) {
  const { t } = useTranslation();
  const tasks = useGanttEditor((state) => state.tasks);
  const formRef = useRef<HTMLFormElement>(null);
  const directory = useMemo(() => ganttTaskDirectory(tasks), [tasks]);
  const candidates = useMemo(() => ganttLinkCandidates(tasks, id), [tasks, id]);
  const options = useMemo(
    () => candidates.map((candidate) => directory.byId.get(candidate)).filter((ref) => ref !== undefined),
    [candidates, directory],
  );
  const scheduled = useGanttEditor((state) => state.scheduled.get(id));
  const task = tasks.find((candidate) => candidate.id === id);
  const isSummary = ganttParentIds(tasks).has(id);
  // a task built from the EDP/EDC takes its code and name from its item on every load
  const isBuilt = task?.sourceKey !== undefined;
  const [code, setCode] = useState(task?.code ?? '');
  const [name, setName] = useState(task?.name ?? '');
  // 'Inicio' shows where the schedule puts the task; the task's own start is a "no earlier than"
  // that only changes when the user types another date
  const [shownStart] = useState(scheduled?.start ?? task?.start ?? '');
  const [start, setStart] = useState(shownStart === '' ? '' : formatIsoDate(shownStart));
  const [duration, setDuration] = useState(String(task?.duration ?? 0));
  // issue 15, 34: a leaf's progress at the latest cut-off (task-progress-fields.tsx)
  const progressForm = useTaskProgressForm(task, isSummary);
  const { cutoff, check: progressCheck } = progressForm;
  // issue 35: 'Recursos' and 'Quitar redistribución' (task-resource-fields.tsx)
  const resourcesForm = useTaskResourcesForm(task);
  // issue 35: a leaf sized by its quantity: the formula, the crews, a duration typed by hand (task-quantity-fields.tsx)
  const quantity = useTaskQuantity(task, isSummary, resourcesForm, setDuration);
  const [resourcesError, setResourcesError] = useState<string | undefined>(undefined);
  // issue 34: 'Debe comenzar el': the start is a must-start-on
  const [mustStartOn, setMustStartOn] = useState(task?.mustStartOn === true);
  // issue 34: 'Fecha límite' (dd-mm-aaaa; empty: none) and 'Notas'
  const [deadline, setDeadline] = useState(task?.deadline ? formatIsoDate(task.deadline) : '');
  const [notes, setNotes] = useState(task?.notes ?? '');
  const deadlineIso = deadline.trim() === '' ? null : isoOfTypedDate(deadline);
  const deadlineError =
    deadlineIso === null && deadline.trim() !== '' ? 'Fecha límite: escribe la fecha como dd-mm-aaaa' : undefined;
  const notesError =
    notes.length > MAX_TASK_NOTES ? `Notas: deben tener como máximo ${MAX_TASK_NOTES} caracteres` : undefined;
  const [rows, setRows] = useState<PredecessorRow[]>(() =>
    (task?.predecessors ?? []).map((link, index) => {
      const predecessor = directory.byId.get(link.predecessorId);
      return {
        key: index,
        taskId: link.predecessorId,
        text: predecessor ? optionText(predecessor) : String(link.predecessorId),
        type: link.type,
        lag: String(link.lag),
      };
    }),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  // issue 32: the messages of the last 'Actualizar', at their fields until the field changes
  const [errors, setErrors] = useState<GanttTaskFieldErrors>({});
  const firstYear = useGanttEditor((state) => state.calendarInfo.firstYear);
  const focusError = useRef(false);
  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [errors]);
  const clearError = (field: 'code' | 'name' | 'start' | 'duration') =>
    setErrors((old) => {
      if (old[field] === undefined) return old;
      const next = { ...old };
      delete next[field];
      return next;
    });
  /** A predecessor row changed: the rows' messages go (their positions may have moved). */
  const clearRowErrors = () =>
    setErrors((old) => {
      if (old.predecessors === undefined) return old;
      const next = { ...old };
      delete next.predecessors;
      return next;
    });

  // the first field that can be changed takes the focus; so does a predecessor row just added
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input:not([disabled]):not([type="hidden"])')?.focus();
  }, []);
  const addedRow = useRef<number | null>(null);
  useEffect(() => {
    if (addedRow.current === null) return;
    const index = rows.findIndex((row) => row.key === addedRow.current);
    addedRow.current = null;
    formRef.current?.querySelector<HTMLInputElement>(`[data-testid="predecessor-task-${index}"]`)?.focus();
  }, [rows]);

  useImperativeHandle(ref, () => ({
    read: () => {
      if (!task) return { error: 'La tarea no existe' };
      // issue 32: every field checked by the domain; any message is shown at its field and nothing changes
      const check = checkGanttTaskEdit(
        tasks,
        id,
        {
          code,
          name,
          // a summary's dates and duration come from its tasks
          ...(isSummary ? {} : { start, duration }),
          predecessors: rows.map((row) => ({ taskId: row.taskId, text: row.text, type: row.type, lag: row.lag })),
        },
        { firstYear, directory },
      );
      // a summary's progress is rolled up from its tasks; a leaf's is recorded at the cut-off
      let recorded: Pick<GanttTaskChanges, 'progress' | 'actualStart' | 'actualFinish' | 'remaining' | 'resume'> = {
        progress: task.progress,
      };
      const progressError =
        !isSummary && cutoff !== null
          ? (Object.values(progressCheck.errors)[0] ??
            (progressCheck.changes === null ? 'Avance físico: revisa los campos' : undefined))
          : undefined;
      const notesFieldError = deadlineError ?? notesError;
      const resourcesCheck = resourcesForm.check();
      setResourcesError(resourcesCheck.ok ? undefined : resourcesCheck.error);
      if (!check.ok || progressError !== undefined || notesFieldError !== undefined || !resourcesCheck.ok) {
        const fieldErrors = check.ok ? {} : check.errors;
        focusError.current = true;
        setErrors(fieldErrors);
        const resourcesMessage = resourcesCheck.ok ? undefined : resourcesCheck.error;
        return {
          error: firstError(fieldErrors) ?? progressError ?? notesFieldError ?? resourcesMessage ?? '',
          atField: true,
        };
      }
      if (!isSummary && cutoff !== null && progressCheck.changes !== null) recorded = progressCheck.changes;
      // the computed start left as shown keeps the task's constraint; another date becomes it, and so
      // does the shown one when 'Debe comenzar el' changes (MS Project's Must Start On takes the date shown)
      const kindChanged = mustStartOn !== (task.mustStartOn === true);
      const kept = isSummary || (check.changes.start === shownStart && !kindChanged) ? task.start : check.changes.start;
      // issue 35: 'Quitar redistribución' puts back the start the levelling moved (a start typed wins)
      const startIso =
        resourcesCheck.removeLeveling && task.leveledFrom !== undefined && kept === task.start
          ? task.leveledFrom
          : kept;
      return {
        ...check.changes,
        start: startIso,
        ...recorded,
        notes,
        deadline: deadlineIso,
        ...(isSummary ? {} : { mustStartOn }),
        resources: resourcesCheck.resources,
        ...(quantity.formula === undefined ? {} : { durationByHand: quantity.byHand }),
      };
    },
  }));

  if (!task) return null;
  const setRow = (key: number, change: Partial<PredecessorRow>) => {
    setRows((old) => old.map((row) => (row.key === key ? { ...row, ...change } : row)));
    clearRowErrors();
  };
  /** A row still showing a link the sequencing generated (issue 13): same task, type and lag. */
  const isGeneratedRow = (row: PredecessorRow) => {
    const link = task?.predecessors.find((candidate) => candidate.predecessorId === row.taskId);
    return link?.generated === true && link.type === row.type && String(link.lag) === row.lag.trim();
  };

  return (
    <Paper
      ref={formRef}
      variant="outlined"
      component="form"
      aria-label={t('gantt.editor', { id })}
      sx={{ p: 2, mb: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      onKeyDown={(event) => {
        // Escape cancels (an open list or menu takes its own Escape first)
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('gantt.editor', { id })}
        {scheduled && (
          <Typography
            component="span"
            variant="body2"
            color={scheduled.critical ? 'error' : 'text.secondary'}
            sx={{ ml: 2 }}
          >
            {scheduled.critical ? `${t('gantt.critical')} · ` : ''}
            {t('gantt.float', { days: scheduled.totalFloat })}
          </Typography>
        )}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={t('gantt.code')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            clearError('code');
          }}
          size="small"
          disabled={isBuilt}
          error={errors.code !== undefined}
          helperText={errors.code}
          slotProps={helperSlot}
          sx={{ width: 180 }}
        />
        <TextField
          label={t('gantt.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            clearError('name');
          }}
          size="small"
          required
          disabled={isBuilt}
          error={errors.name !== undefined}
          helperText={errors.name}
          slotProps={helperSlot}
          sx={{ flex: 1, minWidth: 220 }}
        />
        <TextField
          label={t('gantt.start')}
          placeholder="dd-mm-aaaa"
          value={isSummary && scheduled ? formatIsoDate(scheduled.start) : start}
          onChange={(event) => {
            setStart(event.target.value);
            clearError('start');
          }}
          size="small"
          disabled={isSummary}
          error={errors.start !== undefined}
          helperText={errors.start}
          slotProps={helperSlot}
          sx={{ width: 190 }}
        />
        <TextField
          label={t('gantt.durationDays')}
          value={isSummary ? String(scheduled?.duration ?? task.duration) : duration}
          onChange={(event) => {
            setDuration(event.target.value);
            quantity.durationTyped(event.target.value);
            clearError('duration');
          }}
          size="small"
          disabled={isSummary}
          error={errors.duration !== undefined}
          helperText={errors.duration}
          slotProps={{ ...helperSlot, htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 230 }}
        />
        {!isSummary && (
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={mustStartOn}
                onChange={(event) => setMustStartOn(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'task-must-start-hint' } }}
              />
            }
            label={
              <span>
                {t('gantt.mustStartOn')}
                <Typography
                  id="task-must-start-hint"
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  {t('gantt.mustStartOnHint')}
                </Typography>
              </span>
            }
            sx={{ maxWidth: 280, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
          />
        )}
      </Stack>
      {!isSummary && <TaskProgressFields form={progressForm} id={id} />}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
        <TextField
          label={t('gantt.deadline')}
          placeholder="dd-mm-aaaa"
          value={deadline}
          onChange={(event) => setDeadline(event.target.value)}
          size="small"
          error={deadlineError !== undefined}
          helperText={deadlineError ?? t('gantt.deadlineHint')}
          slotProps={helperSlot}
          sx={{ width: 200 }}
        />
        <TextField
          label={t('gantt.notes')}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          onKeyDown={(event) => {
            // Enter writes a new line here, not 'Actualizar' (the toolbar's button applies the edit)
            if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.stopPropagation();
          }}
          size="small"
          multiline
          minRows={1}
          maxRows={4}
          error={notesError !== undefined}
          helperText={notesError}
          slotProps={helperSlot}
          sx={{ flex: 1, minWidth: 200 }}
        />
      </Stack>
      {(isBuilt || isSummary) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {[isBuilt ? t('gantt.builtNames') : '', isSummary ? t('gantt.summaryDates') : ''].filter(Boolean).join(' ')}
        </Typography>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('gantt.predecessors')}
      </Typography>
      <Stack spacing={1} sx={{ mb: 1 }}>
        {rows.map((row, index) => (
          <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Autocomplete
              freeSolo
              size="small"
              sx={{ flex: 1, minWidth: 240, maxWidth: 460 }}
              options={options}
              value={row.taskId === null ? null : (directory.byId.get(row.taskId) ?? null)}
              inputValue={row.text}
              filterOptions={(_all, state) => searchGanttTasks(directory, candidates, state.inputValue)}
              getOptionLabel={(option) => (typeof option === 'string' ? option : optionText(option))}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              onChange={(_event, value) => {
                if (value === null) setRow(row.key, { taskId: null, text: '' });
                else if (typeof value === 'string') setRow(row.key, { taskId: null, text: value });
                else setRow(row.key, { taskId: value.id, text: optionText(value) });
              }}
              onInputChange={(_event, value, reason) => {
                if (reason === 'input' || reason === 'clear') setRow(row.key, { taskId: null, text: value });
              }}
              renderOption={({ key, ...props }, option) => (
                <Box component="li" key={key} {...props} data-task-id={option.id}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" noWrap>
                      {option.uniqueCode !== '' && (
                        <>
                          <Box component="strong">{option.uniqueCode}</Box>{' '}
                        </>
                      )}
                      {option.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="div">
                      {[
                        option.edpItem ? `${option.edpItem.code} ${option.edpItem.name}` : '',
                        t('gantt.predecessorOptionId', { id: option.rowId }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  </Box>
                </Box>
              )}
              noOptionsText={t('gantt.predecessorNoOptions')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  error={errors.predecessors?.[index]?.task !== undefined}
                  helperText={errors.predecessors?.[index]?.task}
                  label={t('gantt.predecessorTask')}
                  slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': `predecessor-task-${index}` } }}
                />
              )}
            />
            <TextField
              select
              label={t('gantt.linkType')}
              value={row.type}
              onChange={(event) => setRow(row.key, { type: event.target.value as LinkType })}
              size="small"
              sx={{ minWidth: 230 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': `predecessor-type-${index}` } as object } }}
            >
              {linkTypes.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`gantt.linkTypes.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('gantt.lag')}
              value={row.lag}
              onChange={(event) => setRow(row.key, { lag: event.target.value })}
              size="small"
              error={errors.predecessors?.[index]?.lag !== undefined}
              helperText={errors.predecessors?.[index]?.lag}
              slotProps={{
                ...helperSlot,
                htmlInput: { inputMode: 'numeric', 'data-testid': `predecessor-lag-${index}` },
              }}
            />
            {isGeneratedRow(row) && (
              <Tooltip title={t('gantt.generatedLink')}>
                <Box
                  component="span"
                  role="img"
                  aria-label={t('gantt.generatedLink')}
                  data-testid={`predecessor-generated-${index}`}
                  sx={{ display: 'inline-flex', color: 'text.secondary' }}
                >
                  <AutorenewIcon fontSize="small" />
                </Box>
              </Tooltip>
            )}
            <IconButton
              aria-label={t('gantt.removePredecessor', { id: row.text })}
              onClick={() => {
                setRows((old) => old.filter((candidate) => candidate.key !== row.key));
                clearRowErrors();
              }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => {
          addedRow.current = nextKey;
          setRows((old) => [...old, { key: nextKey, taskId: null, text: '', type: 'FS', lag: '0' }]);
          setNextKey(nextKey + 1);
        }}
      >
        {t('gantt.addPredecessor')}
      </Button>
      <TaskQuantityFields quantity={quantity} />
      <TaskResourceFields form={resourcesForm} error={resourcesError} />
      {/* Enter in a field applies, like 'Actualizar' */}
      <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
    </Paper>
  );
});
