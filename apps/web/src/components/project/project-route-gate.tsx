import type { LoadedProject } from '@cimiento/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagePanel } from '@/components/ui/page-panel';
import { useProjectRoute } from '@/hooks/use-project-route';

function ProjectMissing({ title, detail, onRetry }: { title: string; detail: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    // not the screen the route is made for: as tall as its text, even on a full-height route
    <PagePanel title={title} isFullHeight={false}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {detail}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to="/projects" variant="contained" color="success">
          {t('projects.goToList')}
        </Button>
        {onRetry && (
          <Button variant="outlined" onClick={onRetry}>
            {t('projects.retry')}
          </Button>
        )}
      </Stack>
    </PagePanel>
  );
}

export type ProjectRouteGateProps = { children: (project: LoadedProject) => ReactNode };

/**
 * What every project screen shows before its own content: no project selected ('current' with
 * none), an unknown project, a project the caller is not a member of (issue 36: the server's reason), a failed load, or (while loading) nothing but the global spinner.
 */
export function ProjectRouteGate({ children }: ProjectRouteGateProps) {
  const { t } = useTranslation();
  const state = useProjectRoute();
  switch (state.status) {
    case 'none':
      return <ProjectMissing title={t('projects.noneSelected')} detail={t('projects.noneSelectedDetail')} />;
    case 'not-found':
      return <ProjectMissing title={t('projects.notFound')} detail={t('projects.notFoundDetail')} />;
    case 'denied':
      return <ProjectMissing title={t('projects.noAccess')} detail={state.message} />;
    case 'error':
      return <ProjectMissing title={t('projects.loadFailed')} detail={t('errors.unknown')} onRetry={state.retry} />;
    case 'loading':
      return null;
    case 'ready':
      return children(state.project);
  }
}
