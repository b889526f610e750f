import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagePanel } from '@/components/ui/page-panel';
import { FollowProjectToggle, HistoryTimeline } from '@/features/history/components/history-timeline';
import { useCurrentProject } from '@/lib/stores/project-store';

/** '/pages/projects/timeline': the current project's history (issue 19); with none, an invitation to choose one. */
export function ProjectsTimelineRoute() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  if (project === null) {
    return (
      <PagePanel title={t('history.title')}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('history.noProject')}
        </Typography>
        <Button component={RouterLink} to="/projects" variant="contained" color="success">
          {t('history.chooseProject')}
        </Button>
      </PagePanel>
    );
  }
  return (
    <PagePanel
      title={t('history.title')}
      subtitle={project.name}
      actions={<FollowProjectToggle key={project.id} projectId={project.id} />}
    >
      <HistoryTimeline key={project.id} projectId={project.id} />
    </PagePanel>
  );
}
