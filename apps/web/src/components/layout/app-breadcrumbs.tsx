import HomeIcon from '@mui/icons-material/Home';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useCurrentProject } from '@/lib/stores/project-store';
import type { CurrentProject } from '@/lib/stores/project-store';
import type { RouteHandle } from './route-handle';

export type AppBreadcrumbsProps = { handle: RouteHandle | undefined };

/** The project a project route shows, when it is the current one ('current' stands for it). */
function useRouteProject(handle: RouteHandle | undefined): CurrentProject | null {
  const { id } = useParams();
  const currentProject = useCurrentProject();
  if (!handle?.isProjectRoute || !currentProject) return null;
  return id === 'current' || id === currentProject.id ? currentProject : null;
}

/**
 * 'Inicio' (→ /home) first, then the section, then (on a project's screens) the project, then the
 * screen (product-spec.md §2 "Shell").
 */
export function AppBreadcrumbs({ handle }: AppBreadcrumbsProps) {
  const { t } = useTranslation();
  const project = useRouteProject(handle);
  const isHome = handle?.titleKey === 'home';
  return (
    <Breadcrumbs aria-label={t('nav.breadcrumbs')} sx={{ fontSize: '0.875rem' }}>
      <Link
        component={RouterLink}
        to="/home"
        underline="hover"
        color="inherit"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <HomeIcon sx={{ fontSize: 18 }} aria-hidden />
        {t('nav.home')}
      </Link>
      {handle?.parent &&
        (handle.parent.to ? (
          <Link component={RouterLink} to={handle.parent.to} underline="hover" color="inherit">
            {t(`nav.${handle.parent.labelKey}`)}
          </Link>
        ) : (
          <Typography variant="inherit" color="inherit">
            {t(`nav.${handle.parent.labelKey}`)}
          </Typography>
        ))}
      {project && (
        <Link component={RouterLink} to={`/projects/${project.id}`} underline="hover" color="inherit">
          {project.name}
        </Link>
      )}
      {handle && !isHome && (
        <Typography variant="inherit" color="text.primary">
          {t(`pages.${handle.titleKey}`)}
        </Typography>
      )}
    </Breadcrumbs>
  );
}
