import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useProfile } from '../api/load-profile';
import { BasicInfoCard } from './basic-info-card';
import { ProfileHeaderCard } from './profile-header-card';
import { ProfileSideNav } from './profile-side-nav';
import { TwoFactorCard } from './two-factor-card';

/** The settings / profile screen (product-spec.md §2); shown once the signed-in user's profile is loaded. */
export function ProfileSettings() {
  const profile = useProfile();
  if (!profile.data) return null;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 3 }}>
        <ProfileSideNav />
      </Grid>
      <Grid size={{ xs: 12, md: 9 }}>
        <Stack spacing={3}>
          <ProfileHeaderCard profile={profile.data} />
          <BasicInfoCard profile={profile.data} />
          <TwoFactorCard />
        </Stack>
      </Grid>
    </Grid>
  );
}
