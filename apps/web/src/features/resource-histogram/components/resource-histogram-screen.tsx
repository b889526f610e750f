import { formatIsoDate, santiagoToday } from '@cimiento/domain';
import type { LoadedProject } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { PagePanel } from '@/components/ui/page-panel';
import { useProjectRouteId } from '@/hooks/use-project-route';
import { describeError } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';
import { notifyError, notifyMessage } from '@/lib/stores/notices-store';
import { largestSvg, svgToPngBlob } from '@/lib/svg-png';
import {
  DEFAULT_HISTOGRAM_REQUEST,
  histogramBaselinesQueryOptions,
  resourceHistogramQueryOptions,
  useExportResourceHistogram,
} from '../api/resource-histogram';
import type {
  HistogramGroupBy,
  HistogramPeriod,
  LoadedHistogram,
  ResourceHistogramOutput,
  ResourceHistogramRequest,
} from '../api/resource-histogram';
import {
  countsWorkers,
  histogramChartData,
  histogramPngName,
  histogramTable,
  hoursKind,
  manpowerTable,
  missingCurrencies,
  nonWorkingOverloadDays,
  overloadedPeriods,
} from '../utils/histogram-data';
import { histogramColors } from './resource-histogram-chart';
import { resourceHistogramPdf } from './resource-histogram-pdf';

/** @mui/x-charts in its own chunk: the screen's pickers and table come first. */
const loadChart = () => import('./resource-histogram-chart');
const ResourceHistogramChart = lazy(loadChart);

/** The 'Línea base' picker's value for none ('' is not a MenuItem value MUI keeps). */
const NO_BASELINE = 'none';
const GROUP_BYS: readonly HistogramGroupBy[] = ['resource', 'trade', 'type'];
const PERIODS: readonly HistogramPeriod[] = ['day', 'week', 'month'];

/** The tables' totals read as the rows above them, bold (MUI's footer is small and grey). */
const FOOTER_SX = {
  '& tfoot td': { color: 'text.primary', fontSize: '0.875rem', fontWeight: 600 },
} as const;

function base64Blob(content: string, mimeType: string): Blob {
  const binary = atob(content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: mimeType });
}

/** The trades by period, with their workers on the busiest day and their HH (grouped by trade). */
function ManpowerTable({ histogram, period }: { histogram: ResourceHistogramOutput; period: HistogramPeriod }) {
  const { t } = useTranslation();
  const table = useMemo(() => manpowerTable(histogram, period), [histogram, period]);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('resourceHistogram.manpowerTable')}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table
          size="small"
          aria-label={t('resourceHistogram.manpowerTable')}
          data-testid="histogram-manpower"
          sx={FOOTER_SX}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}>
                {t('resourceHistogram.trade')}
              </TableCell>
              {table.labels.map((label) => (
                <TableCell key={label} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('resourceHistogram.totalHours')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row) => (
              <TableRow key={row.key} hover>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1, minWidth: 140 }}
                >
                  {row.name}
                </TableCell>
                {row.cells.map((cell, index) => (
                  <TableCell
                    key={table.dates[index]}
                    align="right"
                    sx={{ whiteSpace: 'nowrap', ...(cell?.overload ? { color: 'error.main', fontWeight: 600 } : {}) }}
                    title={cell?.overload ? t('resourceHistogram.overloadRow') : undefined}
                  >
                    {cell === null ? (
                      '—'
                    ) : (
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {t('resourceHistogram.workersShort', { count: cell.workers })}
                        </Box>
                        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
                          {t('resourceHistogram.hoursShort', { hours: cell.hours })}
                        </Box>
                      </>
                    )}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {row.hours}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}>
                {t('resourceHistogram.totalHours')}
              </TableCell>
              {table.totals.map((hours, index) => (
                <TableCell key={table.dates[index]} align="right">
                  {hours}
                </TableCell>
              ))}
              <TableCell align="right">{table.total}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Stack>
  );
}

function HistogramBody({ shown, seriesKey }: { shown: LoadedHistogram; seriesKey: string }) {
  const { t } = useTranslation();
  const { histogram, groupBy, period } = shown;
  const series = histogram.series.find((each) => each.key === seriesKey);
  const chart = useMemo(() => histogramChartData(histogram, seriesKey, period), [histogram, seriesKey, period]);
  const table = useMemo(() => histogramTable(histogram, seriesKey, period), [histogram, seriesKey, period]);
  const overloads = overloadedPeriods(series, period);
  const currencies = missingCurrencies(histogram);
  const workers = countsWorkers(groupBy, series);
  const unitsLabel = t(workers ? 'resourceHistogram.workers' : 'resourceHistogram.units');
  const hoursLabel = t(`resourceHistogram.columns.${hoursKind(groupBy, series)}`);
  // issue 35: the overloads a resource's own calendar makes, with their days
  const daysOff = nonWorkingOverloadDays(series);
  const overloadText =
    overloads.length === 0
      ? t('resourceHistogram.noOverload')
      : `${t('resourceHistogram.overloadSummary', { count: overloads.length, periods: overloads.join(', ') })}${
          daysOff.length === 0
            ? ''
            : ` ${t('resourceHistogram.nonWorkingDays', {
                count: daysOff.length,
                days:
                  daysOff.length > 10
                    ? `${daysOff.slice(0, 10).join(', ')} y ${daysOff.length - 10} más`
                    : daysOff.join(', '),
              })}`
        }`;
  const cutoffText = histogram.cutoff === undefined ? undefined : formatIsoDate(histogram.cutoff);
  const name = series?.name ?? '';
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" data-testid="histogram-message">
        {histogram.message}
      </Typography>
      {currencies.length > 0 && (
        <Alert severity="warning" data-testid="histogram-missing-rates">
          {t('resourceHistogram.missingRates', { currencies: currencies.join(', ') })}
        </Alert>
      )}
      <Box
        data-testid="histogram-chart"
        sx={{ minHeight: 380, bgcolor: 'background.paper', borderRadius: 1 }}
        role="figure"
        aria-label={`${t('resourceHistogram.chartLabel', { name, units: unitsLabel.toLowerCase() })}. ${overloadText}`}
      >
        <Suspense
          fallback={
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
              {t('resourceHistogram.chartLoading')}
            </Typography>
          }
        >
          <ResourceHistogramChart
            data={chart}
            period={period}
            labels={{
              chart: t('resourceHistogram.chartLabel', { name, units: unitsLabel.toLowerCase() }),
              units: unitsLabel,
              overload: t('resourceHistogram.overload'),
              overloadLegend: t('resourceHistogram.overloadLegend'),
              available: t('resourceHistogram.available'),
              ...(histogram.baseline === undefined
                ? {}
                : { baseline: t('resourceHistogram.baselineSeries', { name: histogram.baseline.name }) }),
              ...(cutoffText === undefined ? {} : { cutoff: t('resourceHistogram.cutoff', { date: cutoffText }) }),
            }}
          />
        </Suspense>
      </Box>
      <Typography
        variant="body2"
        data-testid="histogram-overloads"
        sx={{
          color: overloads.length > 0 ? 'error.main' : 'text.secondary',
          fontWeight: overloads.length > 0 ? 600 : 400,
        }}
      >
        {overloadText}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('resourceHistogram.rules')} {hoursKind(groupBy, series) === 'hours' ? t('resourceHistogram.hoursHelp') : ''}
        {cutoffText === undefined ? '' : ` ${t('resourceHistogram.cutoffNote', { date: cutoffText })}`}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table
          size="small"
          aria-label={t('resourceHistogram.tableLabel', { name })}
          data-testid="histogram-table"
          sx={{ '& td': { whiteSpace: 'nowrap' }, '& th': { minWidth: 72 }, ...FOOTER_SX }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t(`resourceHistogram.columns.${period}`)}</TableCell>
              <TableCell align="right">
                {t(workers ? 'resourceHistogram.columns.workers' : 'resourceHistogram.columns.units')}
              </TableCell>
              <TableCell align="right">{t('resourceHistogram.columns.average')}</TableCell>
              <TableCell align="right">{t('resourceHistogram.columns.available')}</TableCell>
              {histogram.baseline !== undefined && (
                <TableCell align="right">{t('resourceHistogram.columns.baseline')}</TableCell>
              )}
              <TableCell align="right">{hoursLabel}</TableCell>
              <TableCell align="right">{t('resourceHistogram.columns.cost')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row) => (
              <TableRow
                key={row.date}
                hover
                data-overload={row.overload ? 'true' : 'false'}
                sx={row.overload ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) } : undefined}
              >
                <TableCell
                  sx={row.overload ? { boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.error.main}` } : undefined}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{row.label}</span>
                    {row.overload && (
                      <Chip
                        size="small"
                        color="error"
                        label={t('resourceHistogram.overload')}
                        title={t('resourceHistogram.overloadRow')}
                      />
                    )}
                  </Stack>
                </TableCell>
                <TableCell align="right" sx={row.overload ? { fontWeight: 700 } : undefined}>
                  {row.units}
                </TableCell>
                <TableCell align="right">{row.average}</TableCell>
                <TableCell align="right">{row.available}</TableCell>
                {row.baselineUnits !== undefined && <TableCell align="right">{row.baselineUnits}</TableCell>}
                <TableCell align="right">{row.hours}</TableCell>
                <TableCell align="right">{row.cost}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow data-testid="histogram-total">
              <TableCell>{t('resourceHistogram.total')}</TableCell>
              <TableCell align="right">{table.total.units}</TableCell>
              <TableCell align="right">—</TableCell>
              <TableCell align="right">—</TableCell>
              {table.total.baselineUnits !== undefined && (
                <TableCell align="right">{table.total.baselineUnits}</TableCell>
              )}
              <TableCell align="right">{table.total.hours}</TableCell>
              <TableCell align="right">{table.total.cost}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      {groupBy === 'trade' && <ManpowerTable histogram={histogram} period={period} />}
    </Stack>
  );
}

function ResourceHistogramScreen({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [groupBy, setGroupBy] = useState<HistogramGroupBy>(DEFAULT_HISTOGRAM_REQUEST.groupBy);
  const [period, setPeriod] = useState<HistogramPeriod>(DEFAULT_HISTOGRAM_REQUEST.period);
  const [baseline, setBaseline] = useState<string>(NO_BASELINE);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const request: ResourceHistogramRequest = {
    id: project._id,
    groupBy,
    period,
    ...(baseline === NO_BASELINE ? {} : { baselineId: baseline }),
  };
  const histogram = useQuery(resourceHistogramQueryOptions(request));
  const baselines = useQuery(histogramBaselinesQueryOptions(project._id));
  const exportFile = useExportResourceHistogram();
  const chartHost = useRef<HTMLDivElement>(null);

  // what is on screen: while another grouping or period is computed, the last answer stays, with its own labels
  const shown = histogram.data;
  const seriesOptions = shown?.histogram.series ?? [];
  const seriesKey =
    chosenKey !== null && seriesOptions.some((each) => each.key === chosenKey) ? chosenKey : seriesOptions[0]?.key;
  const manpower = groupBy === 'trade' && period === 'month';

  const changeGroupBy = (next: HistogramGroupBy) => {
    setGroupBy(next);
    setChosenKey(null);
  };
  /** The chart with its legend as 'Descargar PNG' makes it (the PDF takes it too); undefined: nothing drawn. */
  const chartPng = async (): Promise<Blob | undefined> => {
    const host = chartHost.current?.querySelector('[data-testid="histogram-chart"]');
    const svg = host ? largestSvg(host) : undefined;
    if (!svg || !shown) return undefined;
    const colors = histogramColors(theme);
    const series = shown.histogram.series.find((each) => each.key === seriesKey);
    const workers = countsWorkers(shown.groupBy, series);
    const legend = {
      entries: [
        {
          label: `${series?.name ?? ''} · ${t(workers ? 'resourceHistogram.workers' : 'resourceHistogram.units')}`,
          color: colors.units,
        },
        ...(series?.points.some((point) => point.overload)
          ? [{ label: t('resourceHistogram.overload'), color: colors.overload }]
          : []),
        ...(shown.histogram.baseline === undefined
          ? []
          : [
              {
                label: t('resourceHistogram.baselineSeries', { name: shown.histogram.baseline.name }),
                color: colors.baseline,
              },
            ]),
        { label: t('resourceHistogram.available'), color: colors.available, dashed: true },
      ],
      textColor: theme.palette.text.primary,
    };
    return svgToPngBlob(svg, theme.palette.background.paper, legend);
  };
  const downloadPng = async () => {
    try {
      const png = await chartPng();
      if (png && shown) downloadBlob(png, histogramPngName(project.code, shown.groupBy));
    } catch {
      notifyError(t('resourceHistogram.pngFailed'));
    }
  };
  // issue 35: the chart and the series' table on an A4 page
  const downloadPdf = async () => {
    try {
      const png = await chartPng();
      if (!png || !shown || seriesKey === undefined) return;
      const bitmap = await createImageBitmap(png);
      const series = shown.histogram.series.find((each) => each.key === seriesKey);
      const workers = countsWorkers(shown.groupBy, series);
      const table = histogramTable(shown.histogram, seriesKey, shown.period);
      const manpower = shown.groupBy === 'trade' && shown.period === 'month';
      const blob = await resourceHistogramPdf({
        title: t(manpower ? 'resourceHistogram.manpowerTitle' : 'resourceHistogram.title'),
        subtitle: `${project.code} — ${project.name}`,
        generated: t('resourceHistogram.pdfGenerated', { date: formatIsoDate(santiagoToday()) }),
        summary: `${series?.name ?? ''} · ${t(`resourceHistogram.periodOptions.${shown.period}`)}. ${t('resourceHistogram.rules')}`,
        png,
        // svgToPngBlob draws at twice the CSS size
        pngWidth: bitmap.width / 2,
        pngHeight: bitmap.height / 2,
        headers: [
          t(`resourceHistogram.columns.${shown.period}`),
          t(workers ? 'resourceHistogram.columns.workers' : 'resourceHistogram.columns.units'),
          t('resourceHistogram.columns.average'),
          t('resourceHistogram.columns.available'),
          ...(shown.histogram.baseline === undefined ? [] : [t('resourceHistogram.columns.baseline')]),
          t(`resourceHistogram.columns.${hoursKind(shown.groupBy, series)}`),
          t('resourceHistogram.columns.cost'),
        ],
        table,
        overloadLabel: t('resourceHistogram.overload'),
        totalLabel: t('resourceHistogram.total'),
      });
      bitmap.close();
      downloadBlob(blob, histogramPngName(project.code, shown.groupBy).replace(/\.png$/, '.pdf'));
    } catch {
      notifyError(t('resourceHistogram.pdfFailed'));
    }
  };
  const downloadExcel = async () => {
    const file = await exportFile.mutateAsync(request).catch((error: unknown) => {
      notifyError(describeError(error));
      return undefined;
    });
    if (!file) return;
    downloadBlob(base64Blob(file.content, file.mimeType), file.fileName);
    notifyMessage(file.message);
  };

  const chosenBaseline = baselines.data?.baselineId;
  const hasSeries = seriesOptions.length > 0;
  return (
    <PagePanel
      title={t(manpower ? 'resourceHistogram.manpowerTitle' : 'resourceHistogram.title')}
      subtitle={`${project.code} — ${project.name}`}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={() => void downloadPng()} disabled={!hasSeries}>
            {t('resourceHistogram.downloadPng')}
          </Button>
          <Button variant="outlined" onClick={() => void downloadPdf()} disabled={!hasSeries}>
            {t('resourceHistogram.downloadPdf')}
          </Button>
          <Button variant="contained" onClick={() => void downloadExcel()} disabled={!histogram.data}>
            {t('resourceHistogram.downloadExcel')}
          </Button>
        </Stack>
      }
    >
      <Stack spacing={2} ref={chartHost}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', md: 'flex-start' }, flexWrap: 'wrap', rowGap: 2 }}
        >
          <TextField
            select
            size="small"
            label={t('resourceHistogram.groupBy')}
            value={groupBy}
            onChange={(event) => changeGroupBy(event.target.value as HistogramGroupBy)}
            sx={{ minWidth: 150 }}
          >
            {GROUP_BYS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`resourceHistogram.groupByOptions.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('resourceHistogram.period')}
            value={period}
            onChange={(event) => setPeriod(event.target.value as HistogramPeriod)}
            sx={{ minWidth: 130 }}
          >
            {PERIODS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`resourceHistogram.periodOptions.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('resourceHistogram.baseline')}
            value={baseline}
            onChange={(event) => setBaseline(event.target.value)}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value={NO_BASELINE}>{t('resourceHistogram.noBaseline')}</MenuItem>
            {(baselines.data?.baselines ?? []).map((each) => (
              <MenuItem key={each.baselineId} value={each.baselineId}>
                {each.baselineId === chosenBaseline
                  ? t('resourceHistogram.chosenBaseline', { name: each.name })
                  : each.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t(`resourceHistogram.series.${shown?.groupBy ?? groupBy}`)}
            value={seriesKey ?? ''}
            onChange={(event) => setChosenKey(event.target.value)}
            disabled={!hasSeries}
            sx={{ minWidth: 260, flex: { md: 1 }, maxWidth: { md: 420 } }}
            helperText={
              seriesKey === undefined
                ? undefined
                : (() => {
                    const unit = seriesOptions.find((each) => each.key === seriesKey)?.unit;
                    return unit ? t('resourceHistogram.unitOf', { unit }) : undefined;
                  })()
            }
          >
            {seriesOptions.map((each) => (
              <MenuItem key={each.key} value={each.key}>
                {each.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant={manpower ? 'contained' : 'outlined'}
            color="secondary"
            aria-pressed={manpower}
            title={t('resourceHistogram.manpowerPresetHint')}
            onClick={() => {
              changeGroupBy('trade');
              setPeriod('month');
            }}
            sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', md: 'flex-start' }, minHeight: 40 }}
          >
            {t('resourceHistogram.manpowerPreset')}
          </Button>
        </Stack>
        <Box sx={{ height: 4 }}>
          {(histogram.isFetching || histogram.isPlaceholderData) && (
            <LinearProgress aria-label={t('resourceHistogram.loading')} />
          )}
        </Box>
        {histogram.isError && <Alert severity="error">{describeError(histogram.error)}</Alert>}
        {shown === undefined && !histogram.isError && (
          <Typography variant="body2" color="text.secondary">
            {t('resourceHistogram.loading')}
          </Typography>
        )}
        {shown !== undefined && !hasSeries && (
          <Alert severity="info" data-testid="histogram-empty">
            {shown.histogram.message}
          </Alert>
        )}
        {shown !== undefined && seriesKey !== undefined && <HistogramBody shown={shown} seriesKey={seriesKey} />}
      </Stack>
    </PagePanel>
  );
}

/** The 'Histograma de recursos' screen (issue 35) at /projects/:id/histograma; the id may be 'current'. */
export function ProjectResourceHistogram() {
  const id = useProjectRouteId();
  useQuery({ ...resourceHistogramQueryOptions({ id: id ?? '', ...DEFAULT_HISTOGRAM_REQUEST }), enabled: id !== null });
  // the chart's chunk downloads while the histogram is computed, not after it arrives
  useEffect(() => {
    void loadChart();
  }, []);
  return (
    <ProjectRouteGate>{(project) => <ResourceHistogramScreen key={project._id} project={project} />}</ProjectRouteGate>
  );
}
