import { formatIsoDate, isoOfTypedDate, remainingWorkDays } from '@cimiento/domain';
import type { GanttDraftTask } from '@cimiento/domain';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGanttEditor } from '../editor/gantt-editor-store';
import { parseProgress, unpushedStarts, withProgressDefaults } from '../tracking/progress-grid';
import { checkProgress } from './task-progress-check';

const helperSlot = { formHelperText: { sx: { whiteSpace: 'normal', mx: 0 } } } as const;

/**
 * A leaf's progress at the latest cut-off in the task editor (issue 15; none yet: recorded first in
 * 'Registrar avance'): 'Inicio real', 'Fin real', 'Avance físico', issue 34's 'Duración restante'
 * and 'Reanudar', as typed, and checkProgress's reading of them. A change of progress or of an
 * actual date empties a recorded remaining duration or Resume while it still shows it, as MS
 * Project recomputes them.
 */
export function useTaskProgressForm(task: GanttDraftTask | undefined, isSummary: boolean) {
  const cutoff = useGanttEditor((state) => state.cutoff);
  const [progress, setProgress] = useState(String(task?.progress ?? 0));
  const [actualStart, setActualStart] = useState(task?.actualStart ? formatIsoDate(task.actualStart) : '');
  const [actualFinish, setActualFinish] = useState(task?.actualFinish ? formatIsoDate(task.actualFinish) : '');
  const recordedRemaining = task?.remaining === undefined ? '' : String(task.remaining);
  const [remaining, setRemaining] = useState(recordedRemaining);
  const recordedResume = task?.resume === undefined ? '' : formatIsoDate(task.resume);
  const [resume, setResume] = useState(recordedResume);
  const progressEdited = () => {
    if (remaining === recordedRemaining && recordedRemaining !== '') setRemaining('');
    if (resume === recordedResume && recordedResume !== '') setResume('');
  };
  const check =
    task && !isSummary && cutoff !== null
      ? checkProgress(task, cutoff, { actualStart, actualFinish, progress, remaining, resume })
      : { errors: {}, changes: null };
  return {
    task,
    cutoff,
    check,
    typed: { actualStart, actualFinish, progress, remaining, resume },
    set: { setActualStart, setActualFinish, setProgress, setRemaining, setResume },
    progressEdited,
  };
}

export type TaskProgressForm = ReturnType<typeof useTaskProgressForm>;

/** The editor's row of progress fields, each with its message (the form: useTaskProgressForm). */
export function TaskProgressFields({ form, id }: { form: TaskProgressForm; id: number }) {
  const { t } = useTranslation();
  const tasks = useGanttEditor((state) => state.tasks);
  const calendar = useGanttEditor((state) => state.calendar);
  const scheduled = useGanttEditor((state) => state.scheduled.get(id));
  const { task, cutoff, check, typed, set, progressEdited } = form;
  const typedProgress = parseProgress(typed.progress);
  const remainingPlaceholder =
    task && typedProgress !== null && typed.actualStart.trim() !== '' && typed.actualFinish.trim() === ''
      ? t('gantt.progressEntry.remainingByProgress', { count: remainingWorkDays(task.duration, typedProgress) })
      : undefined;
  const resumeIso = typed.resume.trim() === '' ? undefined : isoOfTypedDate(typed.resume);
  const resumeHint =
    cutoff !== null && typeof resumeIso === 'string' && resumeIso < cutoff
      ? t('gantt.progressEntry.resumeBeforeCutoff', { date: formatIsoDate(cutoff) })
      : t('gantt.progressEntry.resumeHint');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
      <TextField
        label={t('gantt.progressEntry.actualStart')}
        placeholder="dd-mm-aaaa"
        value={typed.actualStart}
        onChange={(event) => {
          set.setActualStart(event.target.value);
          progressEdited();
        }}
        size="small"
        disabled={cutoff === null}
        error={check.errors.actualStart !== undefined}
        helperText={check.errors.actualStart}
        sx={{ width: 170 }}
      />
      <TextField
        label={t('gantt.progressEntry.actualFinish')}
        placeholder="dd-mm-aaaa"
        value={typed.actualFinish}
        onChange={(event) => {
          set.setActualFinish(event.target.value);
          progressEdited();
        }}
        size="small"
        disabled={cutoff === null}
        error={check.errors.actualFinish !== undefined}
        helperText={check.errors.actualFinish}
        sx={{ width: 170 }}
      />
      <TextField
        label={t('gantt.progressEntry.progress')}
        value={typed.progress}
        onChange={(event) => {
          set.setProgress(event.target.value);
          progressEdited();
        }}
        onBlur={() => {
          if (cutoff === null || !task) return;
          const next = withProgressDefaults(
            { plannedStart: unpushedStarts(tasks, calendar).get(id) ?? scheduled?.start ?? task.start },
            { actualStart: typed.actualStart, actualFinish: typed.actualFinish, progress: typed.progress },
            cutoff,
          );
          set.setActualStart(next.actualStart);
          set.setActualFinish(next.actualFinish);
        }}
        size="small"
        disabled={cutoff === null}
        error={check.errors.progress !== undefined}
        helperText={check.errors.progress}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: 170 }}
      />
      <TextField
        label={t('gantt.progressEntry.remainingField')}
        value={typed.remaining}
        onChange={(event) => set.setRemaining(event.target.value)}
        size="small"
        disabled={cutoff === null}
        error={check.errors.remaining !== undefined}
        helperText={check.errors.remaining ?? remainingPlaceholder}
        title={t('gantt.progressEntry.remainingHint')}
        slotProps={{ ...helperSlot, htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 200 }}
      />
      <TextField
        label={t('gantt.progressEntry.resumeField')}
        placeholder="dd-mm-aaaa"
        value={typed.resume}
        onChange={(event) => set.setResume(event.target.value)}
        size="small"
        disabled={cutoff === null}
        error={check.errors.resume !== undefined}
        helperText={check.errors.resume ?? resumeHint}
        title={t('gantt.progressEntry.resumeTitle')}
        slotProps={helperSlot}
        sx={{ width: 200 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ pt: { md: 1 } }} data-testid="task-progress-hint">
        {cutoff === null
          ? t('gantt.progressEntry.taskHint')
          : t('gantt.progressEntry.taskCutoff', { date: formatIsoDate(cutoff) })}
      </Typography>
    </Stack>
  );
}
