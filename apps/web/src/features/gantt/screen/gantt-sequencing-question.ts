import { formatNumber } from '@cimiento/domain';
import type { GanttDraftTask, SequencingMode } from '@cimiento/domain';
import type { TFunction } from 'i18next';
import { countLinks } from '../editor/gantt-editor-store';

/**
 * The question before the sequencing changes (issue 13), with the counts of the Gantt on screen:
 * the generated links replaced, the user's links and task edits kept, and the unsaved edits that
 * are saved first.
 */
export function ganttSequencingQuestion(
  t: TFunction,
  tasks: readonly GanttDraftTask[],
  isDirty: boolean,
  next: SequencingMode,
): string {
  const counts = countLinks(tasks);
  const mode = t(`projects.sequencingModes.${next}`);
  const generated = { count: counts.generated, formatted: formatNumber(counts.generated), mode };
  const sentences =
    next === 'none'
      ? [counts.generated === 0 ? t('gantt.sequencingRemoveNone', { mode }) : t('gantt.sequencingRemove', generated)]
      : [
          counts.generated === 0 ? t('gantt.sequencingCreate', { mode }) : t('gantt.sequencingReplace', generated),
          t('gantt.sequencingRestored'),
        ];
  sentences.push(
    counts.user === 0
      ? t('gantt.sequencingKeepNone')
      : t('gantt.sequencingKeep', { count: counts.user, formatted: formatNumber(counts.user) }),
  );
  if (isDirty) sentences.push(t('gantt.sequencingSaveFirst'));
  return sentences.join(' ');
}
