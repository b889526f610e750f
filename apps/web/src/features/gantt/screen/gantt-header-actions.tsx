import { formatIsoDate, formatNumber } from '@cimiento/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GanttProgressStatus } from '../tracking/gantt-progress-tools';

type GanttHeaderActionsProps = {
  taskCount: number;
  /** the project's span, YYYY-MM-DD ('' with no task) */
  projectStart: string;
  projectFinish: string;
  hasGeneratedLinks: boolean;
  isDirty: boolean;
};

/**
 * The Gantt card's header: the task count and the project's span, the critical path's legend, the
 * generated links' legend (when there are some), the progress status and 'Sin guardar'.
 */
export function GanttHeaderActions({
  taskCount,
  projectStart,
  projectFinish,
  hasGeneratedLinks,
  isDirty,
}: GanttHeaderActionsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {t('gantt.taskCount', { count: taskCount, formatted: formatNumber(taskCount) })}
        {projectStart !== '' &&
          ` · ${t('gantt.span', { start: formatIsoDate(projectStart), finish: formatIsoDate(projectFinish) })}`}
      </Typography>
      <Chip
        size="small"
        label={t('gantt.criticalLegend')}
        sx={{ bgcolor: '#d32f2f', color: '#fff' }}
        data-testid="critical-legend"
      />
      {hasGeneratedLinks && (
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center', color: 'text.secondary' }}
          data-testid="generated-link-legend"
        >
          {/* drawn as the chart draws a generated link (gantt-chart.css) */}
          <svg width="24" height="8" aria-hidden="true">
            <line
              x1="0"
              y1="4"
              x2="24"
              y2="4"
              stroke="currentColor"
              strokeWidth="2"
              strokeDasharray="3 2"
              strokeOpacity="0.8"
            />
          </svg>
          <Typography variant="caption">{t('gantt.generatedLinkLegend')}</Typography>
        </Stack>
      )}
      <GanttProgressStatus />
      {isDirty && <Chip color="warning" size="small" label={t('gantt.unsaved')} />}
    </Stack>
  );
}
