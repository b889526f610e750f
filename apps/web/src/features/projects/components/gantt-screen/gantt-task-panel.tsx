import { formatIsoDate, ganttParentIds, linkTypes } from '@cimiento/domain';
import type { GanttTaskChanges, LinkType } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { forwardRef, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGanttEditor } from '../../stores/gantt-editor-store';

type PredecessorRow = { key: number; taskId: string; type: LinkType; lag: string };

/** What the panel's fields hold, as typed (checked by the domain on 'Actualizar'). */
export type GanttTaskPanelHandle = { read: () => GanttTaskChanges | { error: string } };

const INTEGER = /^-?\d+$/;
const TYPED_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** 'dd-MM-yyyy' as typed (also with / or .) → 'YYYY-MM-DD'; the domain checks that the day exists. */
function isoOfTyped(text: string): string | null {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  return `${match[3]}-${(match[2] ?? '').padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`;
}

/**
 * The task editor (issue 7): name, code, start, duration, progress and the predecessors, each with
 * its link type and lag. It sits above the chart while a task is being edited; the toolbar's
 * 'Actualizar' applies it and 'Cancelar' closes it. A summary's dates come from its tasks.
 */
export const GanttTaskPanel = forwardRef<GanttTaskPanelHandle, { id: number; onSubmit: () => void }>(
  function GanttTaskPanel({ id, onSubmit }, ref) {
    const { t } = useTranslation();
    const tasks = useGanttEditor((state) => state.tasks);
    const scheduled = useGanttEditor((state) => state.scheduled.get(id));
    const task = tasks.find((candidate) => candidate.id === id);
    const isSummary = ganttParentIds(tasks).has(id);
    // a task built from the EDP/EDC takes its code and name from its item on every load
    const isBuilt = task?.sourceKey !== undefined;
    const [code, setCode] = useState(task?.code ?? '');
    const [name, setName] = useState(task?.name ?? '');
    const [start, setStart] = useState(task ? formatIsoDate(task.start) : '');
    const [duration, setDuration] = useState(String(task?.duration ?? 0));
    const [progress, setProgress] = useState(String(task?.progress ?? 0));
    const [rows, setRows] = useState<PredecessorRow[]>(
      (task?.predecessors ?? []).map((link, index) => ({
        key: index,
        taskId: String(link.predecessorId),
        type: link.type,
        lag: String(link.lag),
      })),
    );
    const [nextKey, setNextKey] = useState(rows.length);

    useImperativeHandle(ref, () => ({
      read: () => {
        if (!task) return { error: 'La tarea no existe' };
        const startIso = isSummary ? task.start : isoOfTyped(start);
        if (startIso === null) return { error: 'Inicio: escribe la fecha como dd-mm-aaaa' };
        if (!isSummary && !INTEGER.test(duration.trim())) {
          return { error: 'Duración: debe ser un número entero de días hábiles' };
        }
        const progressValue = Number(progress.replace(',', '.'));
        if (progress.trim() === '' || !Number.isFinite(progressValue)) {
          return { error: 'Avance: debe ser un número entre 0 y 100' };
        }
        const predecessors = [];
        for (const row of rows) {
          if (row.taskId.trim() === '') continue;
          if (!/^\d+$/.test(row.taskId.trim())) return { error: `Predecesoras: «${row.taskId}» no es un TaskID` };
          const lag = row.lag.trim() === '' ? '0' : row.lag.trim();
          if (!INTEGER.test(lag)) return { error: `Predecesoras: el desfase «${row.lag}» debe ser un número entero` };
          predecessors.push({ predecessorId: Number(row.taskId.trim()), type: row.type, lag: Number(lag) });
        }
        return {
          code,
          name,
          start: startIso,
          duration: isSummary ? task.duration : Number(duration.trim()),
          progress: progressValue,
          predecessors,
        };
      },
    }));

    if (!task) return null;
    const setRow = (key: number, change: Partial<PredecessorRow>) =>
      setRows((old) => old.map((row) => (row.key === key ? { ...row, ...change } : row)));

    return (
      <Paper
        variant="outlined"
        component="form"
        aria-label={t('gantt.editor', { id })}
        sx={{ p: 2, mb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
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
            onChange={(event) => setCode(event.target.value)}
            size="small"
            disabled={isBuilt}
            sx={{ width: 180 }}
          />
          <TextField
            label={t('gantt.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            size="small"
            required
            disabled={isBuilt}
            sx={{ flex: 1, minWidth: 220 }}
          />
          <TextField
            label={t('gantt.start')}
            placeholder="dd-mm-aaaa"
            value={isSummary && scheduled ? formatIsoDate(scheduled.start) : start}
            onChange={(event) => setStart(event.target.value)}
            size="small"
            disabled={isSummary}
            sx={{ width: 150 }}
          />
          <TextField
            label={t('gantt.durationDays')}
            value={isSummary ? String(scheduled?.duration ?? task.duration) : duration}
            onChange={(event) => setDuration(event.target.value)}
            size="small"
            disabled={isSummary}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label={t('gantt.progress')}
            value={progress}
            onChange={(event) => setProgress(event.target.value)}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
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
            <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={t('gantt.predecessorTask')}
                value={row.taskId}
                onChange={(event) => setRow(row.key, { taskId: event.target.value })}
                size="small"
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `predecessor-task-${index}` } }}
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
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `predecessor-lag-${index}` } }}
              />
              <IconButton
                aria-label={t('gantt.removePredecessor', { id: row.taskId })}
                onClick={() => setRows((old) => old.filter((candidate) => candidate.key !== row.key))}
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
            setRows((old) => [...old, { key: nextKey, taskId: '', type: 'FS', lag: '0' }]);
            setNextKey(nextKey + 1);
          }}
        >
          {t('gantt.addPredecessor')}
        </Button>
        {/* Enter in a field applies, like 'Actualizar' */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Paper>
    );
  },
);
