import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboard } from '../api/load-dashboard';
import type { DashboardData } from '../types';

/** Renders `children` with the dashboard once loaded; a spinner meanwhile, an error with 'Reintentar'. */
export function WithDashboard({ children }: { children: (data: DashboardData) => ReactNode }) {
  const { t } = useTranslation();
  const query = useDashboard();
  if (query.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('dashboard.retry')}
          </Button>
        }
      >
        {t('dashboard.loadError')}: {query.error.message}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
