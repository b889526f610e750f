import ConstructionIcon from '@mui/icons-material/Construction';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PagePanel } from './page-panel';

export type UnderConstructionProps = { title: string; subtitle?: string; detail?: string };

/** The placeholder of a screen a later issue builds: its title and 'En construcción'. */
export function UnderConstruction({ title, subtitle, detail }: UnderConstructionProps) {
  const { t } = useTranslation();
  return (
    <PagePanel title={title} subtitle={subtitle}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', color: 'text.secondary', py: 2 }}>
        <ConstructionIcon fontSize="large" color="warning" aria-hidden />
        <div>
          <Typography variant="h6" component="p" color="text.primary">
            {t('common.underConstruction')}
          </Typography>
          <Typography variant="body2">{detail ?? t('common.underConstructionDetail')}</Typography>
        </div>
      </Stack>
    </PagePanel>
  );
}
