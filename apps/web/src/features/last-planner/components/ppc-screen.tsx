import { formatIsoDate } from '@cimiento/domain';
import type { LoadedProject } from '@cimiento/domain';
import { PPC_TARGET, ppcPasses } from '@cimiento/domain/last-planner';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError } from '@/lib/api-client';
import { usePpc } from '../api/last-planner';
import { formatPercent, isIsoDay } from '../utils/last-planner-view';
import { IsoDateField } from './iso-date-field';
import { LastPlannerLinks } from './last-planner-links';

/** @mui/x-charts in their own chunk, as the S-curve's: the figures and tables come first. */
const loadCharts = () => import('./ppc-charts');
const PpcTrendChart = lazy(async () => ({ default: (await loadCharts()).PpcTrendChart }));
const PpcCompanyChart = lazy(async () => ({ default: (await loadCharts()).PpcCompanyChart }));
const PpcParetoChart = lazy(async () => ({ default: (await loadCharts()).PpcParetoChart }));

const ALL = 'all';

/** Figures and dates are never broken over two lines ('0,0 %' on a phone); names and headers wrap. */
const figureTableSx = {
  '& tbody .MuiTableCell-alignRight, & .figure-date': { whiteSpace: 'nowrap' },
  '& td, & th': { px: { xs: 1, sm: 2 } },
} as const;

/** /projects/{id}/ppc, 'PPC' (issue 36): the trend per week, per company, and the Pareto of causes. */
export function ProjectPpc() {
  return <ProjectRouteGate>{(project) => <PpcScreen key={project._id} project={project} />}</ProjectRouteGate>;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function PpcScreen({ project }: { project: Pick<LoadedProject, '_id' | 'id' | 'code' | 'name'> }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [companyId, setCompanyId] = useState(ALL);
  const isRangeValid =
    (from === '' || isIsoDay(from)) && (to === '' || isIsoDay(to)) && (from === '' || to === '' || from <= to);
  const [applied, setApplied] = useState<{ from?: string; to?: string }>({});
  const loaded = usePpc(project._id, { ...applied, ...(companyId === ALL ? {} : { companyId }) });
  const data = loaded.data;

  function changeDate(which: 'from' | 'to', value: string) {
    const nextFrom = which === 'from' ? value : from;
    const nextTo = which === 'to' ? value : to;
    if (which === 'from') setFrom(value);
    else setTo(value);
    const valid =
      (nextFrom === '' || isIsoDay(nextFrom)) &&
      (nextTo === '' || isIsoDay(nextTo)) &&
      (nextFrom === '' || nextTo === '' || nextFrom <= nextTo);
    if (valid) setApplied({ ...(nextFrom === '' ? {} : { from: nextFrom }), ...(nextTo === '' ? {} : { to: nextTo }) });
  }

  const chartFallback = (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {t('common.loading')}
    </Typography>
  );

  let content;
  if (loaded.isError && data === undefined) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void loaded.refetch()}>
            {t('lastPlanner.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('lastPlanner.loadFailed')}</AlertTitle>
        {describeError(loaded.error)}
      </Alert>
    );
  } else if (data === undefined) content = null;
  else {
    const overall = data.overall.ppc;
    const hasAny = data.overall.closed + data.overall.notClosed > 0;
    content = (
      <Stack spacing={3}>
        <Box
          sx={{
            p: 2,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            display: 'flex',
            gap: 2,
            flexWrap: 'wrap',
            alignItems: 'center',
          }}
          data-testid="ppc-overall"
        >
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('lastPlanner.ppc.overall')} ({formatIsoDate(data.from)} – {formatIsoDate(data.to)})
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
              {formatPercent(overall)}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2">
              {data.overall.closed === 0
                ? t('lastPlanner.weekly.ppcNone')
                : t('lastPlanner.weekly.ppcDetail', { fulfilled: data.overall.fulfilled, closed: data.overall.closed })}
            </Typography>
            {data.overall.notClosed > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('lastPlanner.weekly.ppcNotClosed', { count: data.overall.notClosed })}
              </Typography>
            )}
          </Box>
          {overall !== null && (
            <Chip
              size="small"
              color={ppcPasses(overall) ? 'success' : 'warning'}
              label={`${ppcPasses(overall) ? t('lastPlanner.ppc.passes') : t('lastPlanner.ppc.fails')} · ${t('lastPlanner.ppc.target', { target: data.target })}`}
            />
          )}
        </Box>
        {!hasAny && (
          <Typography variant="body2" color="text.secondary" data-testid="ppc-empty">
            {t('lastPlanner.ppc.empty')}
          </Typography>
        )}
        <Section id="ppc-trend" title={t('lastPlanner.ppc.trend')}>
          <Suspense fallback={chartFallback}>
            <PpcTrendChart
              weeks={data.trend.map((point) => point.week)}
              ppc={data.trend.map((point) => point.ppc)}
              labels={{
                chart: t('lastPlanner.ppc.trendChart', { target: PPC_TARGET }),
                ppc: t('lastPlanner.ppc.chartPpc'),
                target: t('lastPlanner.ppc.chartTarget', { target: data.target }),
              }}
            />
          </Suspense>
          <TableContainer tabIndex={0} role="region" aria-label={t('lastPlanner.ppc.trend')}>
            <Table size="small" sx={figureTableSx} aria-label={t('lastPlanner.ppc.trend')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('lastPlanner.ppc.week')}</TableCell>
                  <TableCell align="right">{t('lastPlanner.ppc.fulfilled')}</TableCell>
                  <TableCell align="right">{t('lastPlanner.ppc.closed')}</TableCell>
                  <TableCell align="right">{t('lastPlanner.ppc.notClosed')}</TableCell>
                  <TableCell align="right">{t('lastPlanner.ppc.ppcColumn')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.trend.map((point) => (
                  <TableRow key={point.week} data-testid={`ppc-week-${point.week}`}>
                    <TableCell className="figure-date">{formatIsoDate(point.week)}</TableCell>
                    <TableCell align="right">{point.fulfilled}</TableCell>
                    <TableCell align="right">{point.closed}</TableCell>
                    <TableCell align="right">{point.notClosed}</TableCell>
                    <TableCell align="right">
                      {point.ppc === null ? (
                        <Box component="span" sx={{ color: 'text.secondary' }}>
                          — ({t('lastPlanner.ppc.gap')})
                        </Box>
                      ) : (
                        formatPercent(point.ppc)
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Section>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 3 }}>
          <Section id="ppc-company" title={t('lastPlanner.ppc.byCompany')}>
            {data.byCompany.length > 0 && (
              <Suspense fallback={chartFallback}>
                <PpcCompanyChart
                  companies={data.byCompany.map((row) => row.label)}
                  ppc={data.byCompany.map((row) => row.ppc)}
                  labels={{ chart: t('lastPlanner.ppc.byCompanyChart'), ppc: t('lastPlanner.ppc.chartPpc') }}
                />
              </Suspense>
            )}
            <TableContainer tabIndex={0} role="region" aria-label={t('lastPlanner.ppc.byCompany')}>
              <Table size="small" sx={figureTableSx} aria-label={t('lastPlanner.ppc.byCompany')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('lastPlanner.ppc.companyColumn')}</TableCell>
                    <TableCell align="right">{t('lastPlanner.ppc.fulfilled')}</TableCell>
                    <TableCell align="right">{t('lastPlanner.ppc.closed')}</TableCell>
                    <TableCell align="right">{t('lastPlanner.ppc.ppcColumn')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.byCompany.map((row) => (
                    <TableRow key={row.companyId ?? 'none'}>
                      <TableCell>{row.label}</TableCell>
                      <TableCell align="right">{row.fulfilled}</TableCell>
                      <TableCell align="right">{row.closed}</TableCell>
                      <TableCell align="right">{formatPercent(row.ppc)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Section>
          <Section id="ppc-pareto" title={t('lastPlanner.ppc.pareto')}>
            {data.pareto.length === 0 ? (
              <Typography variant="body2" color="text.secondary" data-testid="pareto-empty">
                {t('lastPlanner.ppc.paretoEmpty')}
              </Typography>
            ) : (
              <>
                <Suspense fallback={chartFallback}>
                  <PpcParetoChart
                    causes={data.pareto.map((bar) => bar.cause)}
                    counts={data.pareto.map((bar) => bar.count)}
                    cumulative={data.pareto.map((bar) => bar.cumulativePercent)}
                    labels={{
                      chart: t('lastPlanner.ppc.paretoChart'),
                      count: t('lastPlanner.ppc.count'),
                      cumulative: t('lastPlanner.ppc.cumulative'),
                    }}
                  />
                </Suspense>
                <TableContainer tabIndex={0} role="region" aria-label={t('lastPlanner.ppc.pareto')}>
                  <Table size="small" sx={figureTableSx} aria-label={t('lastPlanner.ppc.pareto')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('lastPlanner.ppc.cause')}</TableCell>
                        <TableCell align="right">{t('lastPlanner.ppc.count')}</TableCell>
                        <TableCell align="right">{t('lastPlanner.ppc.share')}</TableCell>
                        <TableCell align="right">{t('lastPlanner.ppc.cumulative')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.pareto.map((bar) => (
                        <TableRow key={bar.cause} data-testid="pareto-row">
                          <TableCell>
                            {bar.cause}
                            {!bar.inList && (
                              <Typography component="span" variant="caption" color="text.secondary">
                                {' '}
                                {t('lastPlanner.ppc.notInList')}
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell align="right">{bar.count}</TableCell>
                          <TableCell align="right">{formatPercent(bar.percent)}</TableCell>
                          <TableCell align="right">{formatPercent(bar.cumulativePercent)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              </>
            )}
          </Section>
        </Box>
      </Stack>
    );
  }

  return (
    <PagePanel title={t('lastPlanner.ppc.title')} subtitle={`${project.code} · ${project.name}`}>
      <Stack spacing={2}>
        <LastPlannerLinks projectNumber={project.id} current="ppc" />
        <Typography variant="body2" color="text.secondary">
          {t('lastPlanner.ppc.intro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <IsoDateField
            size="small"
            label={t('lastPlanner.ppc.from')}
            value={from === '' ? (data?.from ?? '') : from}
            onChange={(value) => changeDate('from', value)}
            error={!isRangeValid && from !== '' ? t('lastPlanner.ppc.invalidRange') : null}
            testId="ppc-from"
          />
          <IsoDateField
            size="small"
            label={t('lastPlanner.ppc.to')}
            value={to === '' ? (data?.to ?? '') : to}
            onChange={(value) => changeDate('to', value)}
            testId="ppc-to"
          />
          <TextField
            select
            size="small"
            label={t('lastPlanner.ppc.company')}
            value={companyId}
            onChange={(event) => setCompanyId(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value={ALL}>{t('lastPlanner.ppc.allCompanies')}</MenuItem>
            {(data?.companies ?? []).map((company) => (
              <MenuItem key={company.id} value={company.id}>
                {company.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {content}
      </Stack>
    </PagePanel>
  );
}
