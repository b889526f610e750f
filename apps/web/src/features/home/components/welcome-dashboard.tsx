import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import FolderIcon from '@mui/icons-material/Folder';
import GroupIcon from '@mui/icons-material/Group';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth';

function SummaryCard({
  icon,
  title,
  text,
  gradient,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  gradient: string;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 48,
              height: 48,
              flexShrink: 0,
              borderRadius: 2,
              color: '#fff',
              background: gradient,
            }}
          >
            {icon}
          </Box>
          <div>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /home: a welcome card and what the product is for. */
export function WelcomeDashboard() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          <Typography variant="overline" color="text.secondary">
            {t('home.greeting', { name: user?.name ?? '' })}
          </Typography>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('home.welcome')}
          </Typography>
          <Typography variant="body1" color="text.secondary" sx={{ maxWidth: 720 }}>
            {t('home.intro')}
          </Typography>
        </CardContent>
      </Card>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <SummaryCard
            icon={<FolderIcon />}
            title={t('home.projectsTitle')}
            text={t('home.projectsText')}
            gradient="linear-gradient(195deg, #49a3f1, #1a73e8)"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SummaryCard
            icon={<AdminPanelSettingsIcon />}
            title={t('home.cataloguesTitle')}
            text={t('home.cataloguesText')}
            gradient="linear-gradient(195deg, #ffa726, #fb8c00)"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SummaryCard
            icon={<GroupIcon />}
            title={t('home.teamTitle')}
            text={t('home.teamText')}
            gradient="linear-gradient(195deg, #66bb6a, #43a047)"
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
