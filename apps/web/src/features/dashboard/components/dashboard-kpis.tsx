import { formatNumber } from '@cimiento/domain';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import FolderIcon from '@mui/icons-material/Folder';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardData } from '../types';
import { dashboardTotals } from '../utils/dashboard-figures';

function KpiCard({
  icon,
  label,
  value,
  detail,
  gradient,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  detail: ReactNode;
  gradient: string;
}) {
  return (
    <Card sx={{ height: '100%' }} role="group" aria-label={label}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box
            aria-hidden
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
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="body2" color="text.secondary" component="h2">
              {label}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {value}
            </Typography>
            <Typography variant="body2" color="text.secondary" component="div">
              {detail}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The dashboard's KPI cards: projects, tasks, critical tasks and the four catalogues. */
export function DashboardKpis({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const totals = dashboardTotals(data.projects);
  const catalogues = data.catalogues;
  const catalogueTotal = catalogues.tiposArea + catalogues.actividades + catalogues.sistemas + catalogues.componentes;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <KpiCard
          icon={<FolderIcon />}
          label={t('dashboard.kpiProjects')}
          value={formatNumber(totals.projects)}
          detail={t('dashboard.kpiMine', { count: totals.mine, formatted: formatNumber(totals.mine) })}
          gradient="linear-gradient(195deg, #49a3f1, #1a73e8)"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <KpiCard
          icon={<AccountTreeIcon />}
          label={t('dashboard.kpiTasks')}
          value={formatNumber(totals.tasks)}
          detail={t('dashboard.kpiTasksDetail')}
          gradient="linear-gradient(195deg, #66bb6a, #43a047)"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <KpiCard
          icon={<WarningAmberIcon />}
          label={t('dashboard.kpiCritical')}
          value={formatNumber(totals.critical)}
          detail={t('dashboard.kpiCriticalDetail')}
          gradient="linear-gradient(195deg, #ef5350, #e53935)"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <KpiCard
          icon={<LibraryBooksIcon />}
          label={t('dashboard.kpiCatalogues')}
          value={formatNumber(catalogueTotal)}
          detail={
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 1 }}>
              {(
                [
                  ['tiposArea', catalogues.tiposArea],
                  ['actividades', catalogues.actividades],
                  ['sistemas', catalogues.sistemas],
                  ['componentes', catalogues.componentes],
                ] as const
              ).map(([key, count]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Box component="dt">{t(`dashboard.${key}`)}</Box>
                  <Box component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 600, color: 'text.primary' }}>
                    {formatNumber(count)}
                  </Box>
                </Box>
              ))}
            </Box>
          }
          gradient="linear-gradient(195deg, #ffa726, #fb8c00)"
        />
      </Grid>
    </Grid>
  );
}
