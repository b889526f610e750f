import { santiagoToday } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '@/lib/auth';
import { useDashboard } from '../api/load-dashboard';
import type { DashboardData } from '../types';
import { DashboardKpis } from './dashboard-kpis';
import { WithDashboard } from './dashboard-state';
import { NoProjects } from './no-projects';
import { ProjectCards } from './project-cards';
import { RecentChanges } from './recent-changes';
import { UpcomingList } from './upcoming-list';

export type HomeDashboardProps = {
  /** the import's button (the projects feature's), shown beside 'Crear proyecto' when there is no project */
  importAction?: ReactNode;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The dashboard itself, with its data. */
export function DashboardContent({ data, importAction }: { data: DashboardData; importAction?: ReactNode }) {
  const { t } = useTranslation();
  const today = santiagoToday();
  return (
    <Stack spacing={3}>
      <DashboardKpis data={data} />
      {data.projects.length === 0 ? (
        <NoProjects importAction={importAction} />
      ) : (
        <section aria-labelledby="dashboard-projects-title">
          <Typography variant="h6" component="h2" id="dashboard-projects-title" sx={{ mb: 2 }}>
            {t('dashboard.projectsTitle')}
          </Typography>
          <ProjectCards projects={data.projects} />
        </section>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section title={t('dashboard.upcomingTitle')}>
            <UpcomingList upcoming={data.upcoming} today={today} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section title={t('dashboard.recentTitle')}>
            <RecentChanges recent={data.recent} />
          </Section>
        </Grid>
      </Grid>
    </Stack>
  );
}

/**
 * /home (and the three dashboards routes): a greeting, the KPI cards, a card per project, the next
 * two weeks' tasks and the recent changes (loadDashboard); with no project, an invitation to create one.
 */
export function HomeDashboard({ importAction }: HomeDashboardProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  // with no project the empty state's own 'Crear proyecto' is the one to press
  const hasProjects = (useDashboard().data?.projects.length ?? 0) > 0;
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <div>
              <Typography variant="h4" component="h1" id="page-title">
                {t('dashboard.greeting', { name: user?.name ?? '' })}
              </Typography>
              <Typography variant="body1" color="text.secondary">
                {t('dashboard.intro')}
              </Typography>
            </div>
            {hasProjects && (
              <Button
                variant="contained"
                color="primary"
                startIcon={<AddIcon />}
                component={RouterLink}
                to="/projects/new"
                sx={{ flexShrink: 0 }}
              >
                {t('dashboard.createProject')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
      <WithDashboard>{(data) => <DashboardContent data={data} importAction={importAction} />}</WithDashboard>
    </Stack>
  );
}
