import { formatNumber, formatProgress } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Gauge, gaugeClasses } from '@mui/x-charts/Gauge';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DashboardData } from '../types';
import { DashboardKpis } from './dashboard-kpis';
import { NoProjects } from './no-projects';
import { spanText } from './project-cards';
import { linkColor } from '../utils/readable-colors';

/**
 * '/pages/widgets': the KPI cards, then a widget per project: its physical progress as a gauge
 * (once tracked), its span and its task and critical counts.
 */
export function DashboardWidgets({ data, importAction }: { data: DashboardData; importAction?: ReactNode }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Stack spacing={3}>
      <DashboardKpis data={data} />
      {data.projects.length === 0 ? (
        <NoProjects importAction={importAction} />
      ) : (
        <section aria-labelledby="widgets-projects-title">
          <Typography variant="h6" component="h2" id="widgets-projects-title" sx={{ mb: 2 }}>
            {t('dashboard.widgetsProjectsTitle')}
          </Typography>
          <Grid container spacing={3}>
            {data.projects.map((project) => (
              <Grid key={project.id} size={{ xs: 12, sm: 6, lg: 4, xl: 3 }}>
                <Card sx={{ height: '100%' }} component="article" aria-label={project.name}>
                  <CardContent>
                    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                        <Link
                          component={RouterLink}
                          to={`/projects/${project.id}`}
                          underline="hover"
                          sx={{ color: linkColor }}
                        >
                          {project.name}
                        </Link>
                      </Typography>
                      <Box sx={{ height: 140, width: '100%', display: 'grid', placeItems: 'center' }}>
                        {project.progress === null ? (
                          <Typography variant="body2" color="text.secondary">
                            {t('dashboard.noProgress')}
                          </Typography>
                        ) : (
                          <Gauge
                            width={200}
                            height={140}
                            value={Math.max(0, Math.min(100, project.progress))}
                            startAngle={-110}
                            endAngle={110}
                            aria-label={t('dashboard.progressLabel', { name: project.name })}
                            text={formatProgress(project.progress)}
                            sx={{
                              [`& .${gaugeClasses.valueArc}`]: { fill: theme.palette.success.main },
                              [`& .${gaugeClasses.valueText} text`]: { fill: theme.palette.text.primary },
                            }}
                          />
                        )}
                      </Box>
                      <Typography variant="body2" color="text.secondary">
                        {spanText(project) ?? t('dashboard.noSpan')}
                      </Typography>
                      <Typography variant="body2">
                        {t('dashboard.tasks')}: <strong>{formatNumber(project.taskCount)}</strong> ·{' '}
                        {t('dashboard.critical')}: <strong>{formatNumber(project.criticalCount)}</strong>
                      </Typography>
                    </Stack>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </section>
      )}
    </Stack>
  );
}
