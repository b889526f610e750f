import type { GanttOutput } from '@cimiento/domain';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagePanel } from '@/components/ui/page-panel';
import { isFunctionError } from '@/lib/api-client';
import type { CurrentProject } from '@/lib/stores/project-store';
import { useCurrentProject, useProjectStore } from '@/lib/stores/project-store';
import { projectTasksQueryOptions } from '../api/project-tasks';

type CurrentProjectTasksProps = {
  title: string;
  children: (gantt: GanttOutput, project: CurrentProject) => ReactNode;
};

/** With no current project: an invitation to choose one in 'Mis proyectos'. */
function ChooseProject({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PagePanel title={title}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
        <FolderOpenIcon aria-hidden sx={{ fontSize: 56, color: 'text.secondary' }} />
        <Typography variant="h6" component="p">
          {t('taskViews.noProject')}
        </Typography>
        <Typography color="text.secondary">{t('taskViews.noProjectDetail')}</Typography>
        <Button component={RouterLink} to="/projects" variant="contained">
          {t('taskViews.chooseProject')}
        </Button>
      </Stack>
    </PagePanel>
  );
}

/**
 * The current project's tasks (loadGantt) for the task views: an invitation to choose a project
 * when there is none (or it was deleted), a spinner, a failure with 'Reintentar', then the view.
 */
export function CurrentProjectTasks({ title, children }: CurrentProjectTasksProps) {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const query = useQuery({ ...projectTasksQueryOptions(project?.id ?? ''), enabled: project !== null });
  const isNotFound = isFunctionError(query.error) && query.error.code === 'NOT_FOUND';

  useEffect(() => {
    // a deleted project is no longer anyone's current project
    if (isNotFound && project) useProjectStore.getState().forgetProject(project.id);
  }, [isNotFound, project]);

  if (project === null || isNotFound) return <ChooseProject title={title} />;
  if (query.data) return children(query.data, project);
  if (query.error) {
    return (
      <PagePanel title={title}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('taskViews.retry')}
            </Button>
          }
        >
          {t('taskViews.loadError')}
        </Alert>
      </PagePanel>
    );
  }
  return (
    <PagePanel title={title}>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    </PagePanel>
  );
}

/** 'Abrir Gantt': the project's Gantt. */
export function OpenGanttButton({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={`/projects/${projectId}/gantt`} variant="outlined">
      {t('taskViews.openGantt')}
    </Button>
  );
}
