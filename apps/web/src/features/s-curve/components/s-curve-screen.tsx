import type { LoadedProject } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { PagePanel } from '@/components/ui/page-panel';
import { useProjectRouteId } from '@/hooks/use-project-route';
import { describeError } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';
import { notifyError, notifyMessage } from '@/lib/stores/notices-store';
import { sCurveBaselinesQueryOptions, sCurveQueryOptions, useExportSCurve, useSaveActualCost } from '../api/s-curve';
import type { SCurveOutput, SCurveRequest } from '../api/s-curve';
import {
  edpItemOptions,
  formatCurveAmount,
  formatIndex,
  parseActualCost,
  readIndex,
  sCurvePngName,
  sCurveSeries,
  sCurveTableRows,
  sameActualCost,
} from '../utils/s-curve-data';
import type { SCurveTableRow } from '../utils/s-curve-data';
import { largestSvg, svgToPngBlob } from '@/lib/svg-png';
import { SCurveForecastCards } from './s-curve-forecast';

/** @mui/x-charts in its own chunk: the screen's table and pickers come first. */
const loadChart = () => import('./s-curve-chart');
const SCurveChart = lazy(loadChart);

/** The picker's value for 'Todo el proyecto' / the chosen baseline ('' is not a MenuItem value MUI keeps). */
const WHOLE_PROJECT = 'all';
const CHOSEN_BASELINE = 'chosen';

function base64Blob(content: string, mimeType: string): Blob {
  const binary = atob(content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: mimeType });
}

/** 'Costo real' of a cut-off row: typed in Chilean notation, saved on Enter or on leaving the field. */
function ActualCostField({
  row,
  stored,
  onSave,
}: {
  row: SCurveTableRow;
  stored: string | null;
  onSave: (amount: string | null) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(row.actualCostInput);
  const [error, setError] = useState<string | null>(null);
  // Enter then leaving the field sends once
  const sent = useRef<string | null | undefined>(undefined);
  const save = async () => {
    const parsed = parseActualCost(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    if (sameActualCost(stored, parsed.value) || sent.current === parsed.value) return;
    sent.current = parsed.value;
    await onSave(parsed.value).catch(() => {
      sent.current = undefined;
    });
  };
  return (
    <TextField
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void save();
      }}
      error={error !== null}
      helperText={error ?? undefined}
      placeholder="—"
      slotProps={{
        htmlInput: {
          'aria-label': t('sCurve.actualCostLabel', { date: row.date }),
          inputMode: 'decimal',
          style: { textAlign: 'right' },
        },
      }}
      sx={{ width: 170 }}
    />
  );
}

function IndexCard({ name, value, meaning }: { name: string; value: string | null; meaning: string }) {
  const reading = readIndex(value);
  const color = reading === 'ahead' ? 'success.main' : reading === 'behind' ? 'error.main' : 'text.primary';
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 220 }} data-testid={`s-curve-${name.toLowerCase()}`}>
      <Typography variant="overline" color="text.secondary">
        {name}
      </Typography>
      <Typography variant="h4" sx={{ color, fontWeight: 600 }}>
        {formatIndex(value)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {meaning}
      </Typography>
    </Paper>
  );
}

function SCurveBody({ project, curve }: { project: LoadedProject; curve: SCurveOutput }) {
  const { t } = useTranslation();
  const saveActualCost = useSaveActualCost(project._id);
  const rows = useMemo(() => sCurveTableRows(curve), [curve]);
  const series = useMemo(() => sCurveSeries(curve), [curve]);
  const stored = new Map(curve.points.map((point) => [point.date, point.actualCost]));
  const hasGantt = curve.points.length > 0;
  const hasCutoff = curve.cutoff !== undefined;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" data-testid="s-curve-message">
        {curve.message}
      </Typography>
      {curve.basis === 'cost' && hasGantt && (
        <Typography variant="body2" color="text.secondary" data-testid="s-curve-amount-basis">
          {t('sCurve.amountBasis')}
        </Typography>
      )}
      {curve.basis === 'duration' && hasGantt && (
        <Alert severity="info" data-testid="s-curve-duration-basis">
          <strong>{t('sCurve.durationBasis')}</strong> — {t('sCurve.durationBasisDetail')}
        </Alert>
      )}
      {!hasGantt && <Alert severity="info">{t('sCurve.emptyGantt')}</Alert>}
      {hasGantt && !hasCutoff && <Alert severity="info">{t('sCurve.noCutoff')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <IndexCard name={t('sCurve.spi')} value={curve.spi} meaning={t(`sCurve.spiMeaning.${readIndex(curve.spi)}`)} />
        <IndexCard
          name={t('sCurve.cpi')}
          value={curve.cpi}
          meaning={t(`sCurve.cpiMeaning.${curve.basis === 'duration' ? 'none' : readIndex(curve.cpi)}`)}
        />
        <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 220 }}>
          <Typography variant="overline" color="text.secondary">
            {t('sCurve.total')}
          </Typography>
          <Typography variant="h5" sx={{ fontWeight: 600 }}>
            {formatCurveAmount(curve.total, curve)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {curve.baselineName ?? t('sCurve.currentSchedule')}
          </Typography>
        </Paper>
      </Stack>
      {curve.forecast && <SCurveForecastCards curve={curve} forecast={curve.forecast} />}
      <Box
        data-testid="s-curve-chart"
        sx={{ minHeight: 360, bgcolor: 'background.paper', borderRadius: 1 }}
        role="figure"
        aria-label={t('sCurve.chartLabel')}
      >
        {hasGantt && (
          <Suspense
            fallback={
              <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
                {t('sCurve.chartLoading')}
              </Typography>
            }
          >
            <SCurveChart
              series={series}
              labels={{
                planned: t('sCurve.planned'),
                earned: t('sCurve.earned'),
                projected: t('sCurve.projected'),
                chart: t('sCurve.chartLabel'),
              }}
            />
          </Suspense>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('sCurve.actualCostHelp')}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('sCurve.tableLabel')} data-testid="s-curve-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('sCurve.date')}</TableCell>
              <TableCell align="right">{t('sCurve.planned')}</TableCell>
              <TableCell align="right">{t('sCurve.earned')}</TableCell>
              <TableCell align="right">{t('sCurve.plannedPercent')}</TableCell>
              <TableCell align="right">{t('sCurve.earnedPercent')}</TableCell>
              <TableCell align="right">{t('sCurve.projected')}</TableCell>
              <TableCell align="right">{t('sCurve.projectedPercent')}</TableCell>
              <TableCell align="right">{t('sCurve.actualCost')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.isoDate} hover data-cutoff={row.cutoff ? 'true' : 'false'}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {row.date}
                    </Box>
                    {row.cutoff && <Chip size="small" label={t('sCurve.cutoff')} color="primary" variant="outlined" />}
                  </Stack>
                </TableCell>
                <TableCell align="right">{row.planned}</TableCell>
                <TableCell
                  align="right"
                  title={row.estadoPago === undefined ? undefined : t('sCurve.reported', { number: row.estadoPago })}
                >
                  {row.earned}
                  {row.recalculated && (
                    <Box
                      component="span"
                      data-testid="s-curve-recalculated"
                      sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary', maxWidth: 190, ml: 'auto' }}
                    >
                      {t('sCurve.reportedAndRecalculated', {
                        number: row.estadoPago,
                        earned: row.recalculated.earned,
                        percent: row.recalculated.earnedPercent,
                      })}
                    </Box>
                  )}
                </TableCell>
                <TableCell align="right">{row.plannedPercent}</TableCell>
                <TableCell align="right">{row.earnedPercent}</TableCell>
                <TableCell align="right">{row.projected}</TableCell>
                <TableCell align="right">{row.projectedPercent}</TableCell>
                <TableCell align="right">
                  {row.cutoff && curve.basis === 'cost' ? (
                    <ActualCostField
                      key={`${row.isoDate}:${row.actualCostInput}`}
                      row={row}
                      stored={stored.get(row.isoDate) ?? null}
                      onSave={(amount) =>
                        saveActualCost
                          .mutateAsync({ cutoff: row.isoDate, amount })
                          .then((output) => notifyMessage(output.message))
                      }
                    />
                  ) : (
                    row.actualCost
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

function SCurveScreen({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const [baseline, setBaseline] = useState<string>(CHOSEN_BASELINE);
  const [item, setItem] = useState<string>(WHOLE_PROJECT);
  const request: SCurveRequest = {
    id: project._id,
    ...(baseline === CHOSEN_BASELINE ? {} : { baselineId: baseline }),
    ...(item === WHOLE_PROJECT ? {} : { edpItemId: Number(item) }),
  };
  const curve = useQuery(sCurveQueryOptions(request));
  const baselines = useQuery(sCurveBaselinesQueryOptions(project._id));
  const items = useMemo(() => edpItemOptions(project.edp.items), [project.edp.items]);
  const exportFile = useExportSCurve();
  const chartHost = useRef<HTMLDivElement>(null);
  const theme = useTheme();

  const downloadPng = async () => {
    const host = chartHost.current?.querySelector('[data-testid="s-curve-chart"]');
    const svg = host ? largestSvg(host) : undefined;
    if (!svg) return;
    try {
      const projected = curve.data?.points.some((point) => point.projected !== undefined && point.projected !== null);
      const legend = {
        entries: [
          { label: t('sCurve.planned'), color: theme.palette.info.main },
          { label: t('sCurve.earned'), color: theme.palette.success.main },
          ...(projected ? [{ label: t('sCurve.projected'), color: theme.palette.warning.main, dashed: true }] : []),
        ],
        textColor: theme.palette.text.primary,
      };
      downloadBlob(await svgToPngBlob(svg, theme.palette.background.paper, legend), sCurvePngName(project.code));
    } catch {
      notifyError(t('sCurve.pngFailed'));
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

  const chosenName = baselines.data?.baselines.find((each) => each.baselineId === baselines.data?.baselineId)?.name;
  return (
    <PagePanel
      title={t('sCurve.title')}
      subtitle={`${project.code} — ${project.name}`}
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => void downloadPng()} disabled={!curve.data?.points.length}>
            {t('sCurve.downloadPng')}
          </Button>
          <Button variant="contained" onClick={() => void downloadExcel()} disabled={!curve.data}>
            {t('sCurve.downloadExcel')}
          </Button>
        </Stack>
      }
    >
      <Stack spacing={2} ref={chartHost}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            size="small"
            label={t('sCurve.baseline')}
            value={baseline}
            onChange={(event) => setBaseline(event.target.value)}
            sx={{ minWidth: 280 }}
          >
            <MenuItem value={CHOSEN_BASELINE}>
              {baselines.data === undefined
                ? (curve.data?.baselineName ?? '…')
                : (chosenName ?? t('sCurve.currentSchedule'))}
            </MenuItem>
            {(baselines.data?.baselines ?? [])
              .filter((each) => each.baselineId !== baselines.data?.baselineId)
              .map((each) => (
                <MenuItem key={each.baselineId} value={each.baselineId}>
                  {each.name}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('sCurve.item')}
            value={item}
            onChange={(event) => setItem(event.target.value)}
            sx={{ minWidth: 320 }}
          >
            <MenuItem value={WHOLE_PROJECT}>{t('sCurve.wholeProject')}</MenuItem>
            {items.map((option) => (
              <MenuItem key={option.id} value={String(option.id)} sx={{ pl: 2 + option.depth * 2 }}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {curve.isError && <Alert severity="error">{describeError(curve.error)}</Alert>}
        {curve.data && <SCurveBody project={project} curve={curve.data} />}
      </Stack>
    </PagePanel>
  );
}

/** The 'Curva S' screen (issue 16) at /projects/:id/curva-s; the id may be 'current'. */
export function ProjectSCurve() {
  const id = useProjectRouteId();
  useQuery({ ...sCurveQueryOptions({ id: id ?? '' }), enabled: id !== null });
  // the chart's chunk downloads while the curve is computed, not after it arrives
  useEffect(() => {
    void loadChart();
  }, []);
  return <ProjectRouteGate>{(project) => <SCurveScreen key={project._id} project={project} />}</ProjectRouteGate>;
}
