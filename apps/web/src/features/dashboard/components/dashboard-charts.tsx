import { formatIsoDate, formatNumber, santiagoToday } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardData } from '../types';
import { upcomingByDay } from '../utils/dashboard-figures';
import { DashboardKpis } from './dashboard-kpis';
import { NoProjects } from './no-projects';

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The chart's series names as HTML (the SVG legend is hidden), in the series' colours. */
function Legend({ entries }: { entries: { label: string; color: string }[] }) {
  return (
    <Stack direction="row" spacing={3} sx={{ justifyContent: 'center' }}>
      {entries.map((entry) => (
        <Stack key={entry.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: entry.color }} />
          <Typography variant="body2">{entry.label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * '/pages/charts': the projects as charts (@mui/x-charts, as the S-curve draws): tasks and critical
 * tasks per project, physical progress per tracked project, and the next two weeks' starts and
 * finishes per day. Colours from the theme, so they read in dark mode too.
 */
export function DashboardCharts({ data, importAction }: { data: DashboardData; importAction?: ReactNode }) {
  const { t } = useTranslation();
  const theme = useTheme();
  if (data.projects.length === 0) return <NoProjects importAction={importAction} />;
  const codes = data.projects.map((project) => project.code);
  const nameOf = new Map(data.projects.map((project) => [project.code, project.name]));
  const tracked = data.projects.filter((project) => project.progress !== null);
  const days = upcomingByDay(data.upcoming, santiagoToday());
  const colors = {
    tasks: theme.palette.info.main,
    critical: theme.palette.error.main,
    progress: theme.palette.success.main,
    starts: theme.palette.info.main,
    finishes: theme.palette.warning.main,
  };
  const projectAxis = {
    scaleType: 'band' as const,
    data: codes,
    valueFormatter: (code: string, context: { location: string }) =>
      context.location === 'tooltip' ? `${code} · ${nameOf.get(code) ?? ''}` : code,
  };
  return (
    <Stack spacing={3}>
      <DashboardKpis data={data} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={t('dashboard.chartsTasksTitle')}>
            <Legend
              entries={[
                { label: t('dashboard.tasks'), color: colors.tasks },
                { label: t('dashboard.critical'), color: colors.critical },
              ]}
            />
            <BarChart
              height={300}
              hideLegend
              skipAnimation
              aria-label={t('dashboard.chartsTasksLabel')}
              xAxis={[projectAxis]}
              yAxis={[{ valueFormatter: (value: number) => formatNumber(value), width: 56 }]}
              series={[
                {
                  data: data.projects.map((project) => project.taskCount),
                  label: t('dashboard.tasks'),
                  color: colors.tasks,
                  valueFormatter: (value) => (value === null ? '—' : formatNumber(value)),
                },
                {
                  data: data.projects.map((project) => project.criticalCount),
                  label: t('dashboard.critical'),
                  color: colors.critical,
                  valueFormatter: (value) => (value === null ? '—' : formatNumber(value)),
                },
              ]}
              grid={{ horizontal: true }}
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={t('dashboard.chartsProgressTitle')}>
            {tracked.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('dashboard.chartsNoProgress')}
              </Typography>
            ) : (
              <BarChart
                height={324}
                hideLegend
                skipAnimation
                aria-label={t('dashboard.chartsProgressLabel')}
                xAxis={[{ ...projectAxis, data: tracked.map((project) => project.code) }]}
                yAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${formatNumber(value)} %`, width: 56 }]}
                series={[
                  {
                    data: tracked.map((project) => project.progress ?? 0),
                    label: t('dashboard.progress'),
                    color: colors.progress,
                    valueFormatter: (value) => (value === null ? '—' : `${formatNumber(value, 1)} %`),
                  },
                ]}
                grid={{ horizontal: true }}
              />
            )}
          </ChartCard>
        </Grid>
        <Grid size={12}>
          <ChartCard title={t('dashboard.chartsUpcomingTitle')}>
            <Legend
              entries={[
                { label: t('dashboard.starts'), color: colors.starts },
                { label: t('dashboard.finishes'), color: colors.finishes },
              ]}
            />
            <BarChart
              height={300}
              hideLegend
              skipAnimation
              aria-label={t('dashboard.chartsUpcomingLabel')}
              xAxis={[
                {
                  scaleType: 'band',
                  data: days.map((day) => day.date),
                  valueFormatter: (date: string) => formatIsoDate(date).slice(0, 5),
                },
              ]}
              yAxis={[{ tickMinStep: 1, valueFormatter: (value: number) => formatNumber(value), width: 48 }]}
              series={[
                {
                  data: days.map((day) => day.starts),
                  label: t('dashboard.starts'),
                  color: colors.starts,
                  stack: 'day',
                },
                {
                  data: days.map((day) => day.finishes),
                  label: t('dashboard.finishes'),
                  color: colors.finishes,
                  stack: 'day',
                },
              ]}
              grid={{ horizontal: true }}
            />
          </ChartCard>
        </Grid>
      </Grid>
    </Stack>
  );
}
