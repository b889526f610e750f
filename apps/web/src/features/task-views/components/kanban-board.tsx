import type { GanttTask } from '@cimiento/domain';
import { formatIsoDate } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import type { KanbanColumn } from '../utils/kanban-columns';
import { buildKanban, kanbanColumns } from '../utils/kanban-columns';
import { todayInSantiago } from '../utils/today';
import { CurrentProjectTasks, OpenGanttButton } from './current-project-tasks';

/** Cards drawn per column; the rest are counted (the Gantt shows them all). */
export const KANBAN_CARDS_SHOWN = 60;

const columnColors: Record<KanbanColumn, 'info' | 'warning' | 'success' | 'error'> = {
  toStart: 'info',
  inProgress: 'warning',
  done: 'success',
  late: 'error',
};

function KanbanCard({ task }: { task: GanttTask }) {
  const { t } = useTranslation();
  const progress = Math.round(task.Progress);
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }} data-task-id={task.TaskID}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {task.TaskCode}
          </Typography>
          {task.critical && <Chip size="small" color="error" label={t('taskViews.critical')} />}
        </Stack>
        <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
          {task.TaskName}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('taskViews.kanban.dates', { start: formatIsoDate(task.StartDate), end: formatIsoDate(task.EndDate) })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, Math.max(0, progress))}
            sx={{ flex: 1, height: 6, borderRadius: 3 }}
            aria-label={t('taskViews.kanban.progress', { progress })}
          />
          <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>
            {progress} %
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

function KanbanColumnView({ column, tasks }: { column: KanbanColumn; tasks: GanttTask[] }) {
  const { t } = useTranslation();
  const headingId = `kanban-${column}`;
  const shown = tasks.slice(0, KANBAN_CARDS_SHOWN);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-kanban-column={column}
      sx={(theme) => ({
        p: 1.5,
        bgcolor: theme.palette.mode === 'dark' ? 'background.default' : 'grey.100',
        borderTop: 4,
        borderTopColor: `${columnColors[column]}.main`,
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
      })}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t(`taskViews.kanban.${column}`)}
        </Typography>
        <Chip size="small" label={t('taskViews.kanban.count', { count: tasks.length })} data-testid="kanban-count" />
      </Stack>
      {tasks.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('taskViews.kanban.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
          {shown.map((task) => (
            <KanbanCard key={task.TaskID} task={task} />
          ))}
        </Stack>
      )}
      {tasks.length > shown.length && (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 1 }}>
          {t('taskViews.kanban.more', { count: tasks.length - shown.length })}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * '/applications/kanban' (issue 19): the current project's leaf tasks of the next three weeks and
 * the late ones, in 'Por iniciar', 'En curso', 'Terminadas' and 'Atrasadas'. Read-only.
 */
export function KanbanBoard() {
  const { t } = useTranslation();
  const title = t('pages.kanban');
  return (
    <CurrentProjectTasks title={title}>
      {(gantt, project) => <KanbanContent title={title} tasks={gantt.activities} project={project} />}
    </CurrentProjectTasks>
  );
}

function KanbanContent({
  title,
  tasks,
  project,
}: {
  title: string;
  tasks: GanttTask[];
  project: { id: string; name: string };
}) {
  const { t } = useTranslation();
  const board = useMemo(() => buildKanban(tasks, todayInSantiago()), [tasks]);
  return (
    <PagePanel
      title={title}
      subtitle={t('taskViews.kanban.subtitle', { project: project.name })}
      actions={<OpenGanttButton projectId={project.id} />}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        {kanbanColumns.map((column) => (
          <KanbanColumnView key={column} column={column} tasks={board[column]} />
        ))}
      </Box>
    </PagePanel>
  );
}
