import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PagePanel } from '@/components/ui/page-panel';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <PagePanel title={t('common.notFound')}>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {t('common.notFoundDetail', { path: location.pathname })}
      </Typography>
      <Button variant="contained" onClick={() => void navigate('/home')}>
        {t('common.backHome')}
      </Button>
    </PagePanel>
  );
}
