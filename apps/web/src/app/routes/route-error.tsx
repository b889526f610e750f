import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PagePanel } from '@/components/ui/page-panel';

/** Shown when a screen throws or its chunk cannot be loaded (for instance after a new deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <PagePanel title={t('common.unexpectedError')} isFullHeight={false}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, wordBreak: 'break-word' }}>
          {error instanceof Error ? error.message : null}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </PagePanel>
    </Container>
  );
}
