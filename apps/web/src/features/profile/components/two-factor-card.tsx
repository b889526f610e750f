import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import SmsIcon from '@mui/icons-material/Sms';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { profileSectionIds } from './profile-side-nav';

function TwoFactorOption({ icon, label }: { icon: ReactNode; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 1.5 }}>
      {icon}
      <Typography variant="body2" sx={{ flexGrow: 1, fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('profile.notConfigured')}
      </Typography>
      <Button variant="outlined" size="small" disabled>
        {t('profile.configure')}
      </Button>
    </Stack>
  );
}

/** The static 2FA card: SMS and Authenticator options, no behaviour (product-spec.md §2). */
export function TwoFactorCard() {
  const { t } = useTranslation();
  return (
    <Card id={profileSectionIds.twoFactor} tabIndex={-1} component="section" aria-labelledby="two-factor-title">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="two-factor-title" variant="h6" component="h2">
            {t('profile.twoFactorTitle')}
          </Typography>
          <Chip label={t('profile.twoFactorDisabled')} size="small" />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('profile.twoFactorIntro')}
        </Typography>
        <TwoFactorOption icon={<SmsIcon color="action" />} label={t('profile.sms')} />
        <Divider />
        <TwoFactorOption icon={<PhonelinkLockIcon color="action" />} label={t('profile.authenticator')} />
      </CardContent>
    </Card>
  );
}
