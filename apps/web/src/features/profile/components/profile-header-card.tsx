import type { Profile } from '@cimiento/domain';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AvatarUpload } from './avatar-upload';
import { profileSectionIds } from './profile-side-nav';

/** Avatar (photoUrl), displayName and jobTitle. */
export function ProfileHeaderCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  return (
    <Card id={profileSectionIds.profile} tabIndex={-1} component="section" aria-labelledby="profile-name">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <Avatar
            src={profile.photoUrl ?? undefined}
            alt={t('profile.photoAlt', { name: profile.displayName })}
            sx={{ width: 80, height: 80, fontSize: 32, boxShadow: 3 }}
          >
            {profile.displayName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id="profile-name" variant="h5" component="h1">
              {profile.displayName}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="profile-job-title">
              {profile.jobTitle || t('profile.noJobTitle')}
            </Typography>
          </Stack>
          <AvatarUpload />
        </Stack>
      </CardContent>
    </Card>
  );
}
