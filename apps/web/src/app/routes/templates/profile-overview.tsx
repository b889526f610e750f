import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { MyProjects, ProfileSummary } from '@/features/dashboard/components/my-projects';
import { WithDashboard } from '@/features/dashboard/components/dashboard-state';
import { useProfile } from '@/features/profile/api/load-profile';
import { ProjectImportButton } from '@/features/projects/components/project-import-button';

/** '/profile/overview': the caller's profile (loadProfile) and their projects (issue 19). */
export function ProfileOverviewRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Stack spacing={3}>
      {profile.isPending && <CircularProgress aria-label={t('common.loading')} sx={{ alignSelf: 'center' }} />}
      {profile.isError && <Alert severity="error">{profile.error.message}</Alert>}
      {profile.data && <ProfileSummary profile={profile.data} />}
      <Card>
        <CardContent>
          <WithDashboard>{(data) => <MyProjects data={data} importAction={<ProjectImportButton />} />}</WithDashboard>
        </CardContent>
      </Card>
    </Stack>
  );
}
