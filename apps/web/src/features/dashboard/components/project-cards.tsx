import { formatIsoDate, formatNumber, formatProgress } from '@cimiento/domain';
import type { DashboardProject } from '@cimiento/domain';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { blueChipSx, linkColor } from '../utils/readable-colors';

/** 'dd-MM-yyyy – dd-MM-yyyy', or null without a span. */
export function spanText(project: Pick<DashboardProject, 'start' | 'finish'>): string | null {
  if (project.start === null || project.finish === null) return null;
  return `${formatIsoDate(project.start)} – ${formatIsoDate(project.finish)}`;
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** One project: its name (to its home), code, span, task and critical counts, and progress once tracked. */
export function ProjectCard({ project }: { project: DashboardProject }) {
  const { t } = useTranslation();
  const span = spanText(project);
  const headingId = `dashboard-project-${project.id}`;
  return (
    <Card sx={{ height: '100%' }} component="article" aria-labelledby={headingId} data-testid="dashboard-project">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h3" id={headingId} sx={{ lineHeight: 1.3 }}>
                <Link component={RouterLink} to={`/projects/${project.id}`} underline="hover" sx={{ color: linkColor }}>
                  {project.name}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {project.code}
              </Typography>
            </Box>
            {project.mine && <Chip size="small" label={t('dashboard.mine')} variant="outlined" sx={blueChipSx} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.span')}:{' '}
            <Box component="span" sx={{ color: 'text.primary' }}>
              {span ?? t('dashboard.noSpan')}
            </Box>
          </Typography>
          <Stack direction="row" spacing={4} component="dl" sx={{ m: 0 }}>
            <Figure label={t('dashboard.tasks')} value={formatNumber(project.taskCount)} />
            <Figure label={t('dashboard.critical')} value={formatNumber(project.criticalCount)} />
            {project.progress !== null && (
              <Figure
                label={t('dashboard.progress')}
                value={formatProgress(project.progress)}
                testId="dashboard-project-progress"
              />
            )}
          </Stack>
          {project.progress !== null ? (
            <>
              <LinearProgress
                variant="determinate"
                value={Math.max(0, Math.min(100, project.progress))}
                aria-label={t('dashboard.progressLabel', { name: project.name })}
                color="success"
                sx={{ height: 8, borderRadius: 4 }}
              />
              {/* issue 33: what the figure is weighted by, as every screen names it */}
              <Typography variant="caption" color="text.secondary" data-testid="dashboard-progress-basis">
                {t('dashboard.progressBasis', { basis: t(`progressBasis.${project.progressBasis ?? 'duration'}`) })}
              </Typography>
            </>
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('dashboard.noProgress')}
            </Typography>
          )}
          {/* issue 36: the Last Planner's open constraints past their due date, to the look-ahead */}
          {project.overdueConstraints > 0 && (
            <Box>
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                icon={<WarningAmberIcon />}
                component={RouterLink}
                to={`/projects/${project.id}/intermedia`}
                clickable
                label={t('dashboard.overdueConstraints', { count: project.overdueConstraints })}
                data-testid="dashboard-overdue-constraints"
              />
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The projects as cards, two to four a row. */
export function ProjectCards({ projects }: { projects: readonly DashboardProject[] }) {
  return (
    <Grid container spacing={3}>
      {projects.map((project) => (
        <Grid key={project.id} size={{ xs: 12, md: 6, xl: 4 }}>
          <ProjectCard project={project} />
        </Grid>
      ))}
    </Grid>
  );
}
