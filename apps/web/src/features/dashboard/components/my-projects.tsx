import { formatNumber } from '@cimiento/domain';
import type { Profile } from '@cimiento/domain';
import EditIcon from '@mui/icons-material/Edit';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DashboardData } from '../types';
import { NoProjects } from './no-projects';
import { ProjectCards } from './project-cards';

/** The caller's own projects as cards ('/pages/profile/projects', and under the profile). */
export function MyProjects({
  data,
  importAction,
  showTitle = true,
}: {
  data: DashboardData;
  importAction?: ReactNode;
  /** false under a page panel whose title already says it */
  showTitle?: boolean;
}) {
  const { t } = useTranslation();
  const mine = data.projects.filter((project) => project.mine);
  return (
    <Stack spacing={2}>
      <Box>
        {showTitle && (
          <Typography variant="h6" component="h2">
            {t('dashboard.profileProjectsTitle')}
          </Typography>
        )}
        {mine.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.profileProjectsCount', { count: mine.length, formatted: formatNumber(mine.length) })}
          </Typography>
        )}
      </Box>
      {mine.length === 0 ? (
        <NoProjects importAction={importAction} text={t('dashboard.profileNoProjects')} />
      ) : (
        <ProjectCards projects={mine} />
      )}
    </Stack>
  );
}

/** The profile's facts: avatar, name, job title, email, location and phone, with 'Editar perfil'. */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('dashboard.email'), profile.email],
    [t('dashboard.jobTitle'), profile.jobTitle],
    [t('dashboard.location'), profile.location],
    [t('dashboard.phone'), profile.phoneNumber],
  ];
  return (
    <Card component="section" aria-labelledby="page-title">
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
          <Avatar
            src={profile.photoUrl ?? undefined}
            alt={profile.displayName}
            sx={{ width: 80, height: 80, fontSize: 32, boxShadow: 3 }}
          >
            {profile.displayName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1" id="page-title">
              {profile.displayName}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 1,
                display: 'grid',
                gridTemplateColumns: { xs: 'auto 1fr', sm: 'repeat(2, auto 1fr)' },
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              {facts.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {value || t('dashboard.notSet')}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            component={RouterLink}
            to="/profile/settings"
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'center' } }}
          >
            {t('dashboard.editProfile')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
