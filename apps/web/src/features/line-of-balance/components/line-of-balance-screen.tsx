import { formatIsoDate, isoDay } from '@cimiento/domain';
import type { LoadedProject } from '@cimiento/domain';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { PagePanel } from '@/components/ui/page-panel';
import { useProjectRouteId } from '@/hooks/use-project-route';
import { describeError } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';
import { notifyError } from '@/lib/stores/notices-store';
import { svgToPngBlob } from '@/lib/svg-png';
import { lineOfBalanceQueryOptions } from '../api/line-of-balance';
import type { LineOfBalance, LobZoomLevel } from '../utils/line-of-balance';
import {
  PX_PER_DAY,
  activityColor,
  chartRange,
  clashDates,
  fitPxPerDay,
  levelOfScale,
  lineOfBalance,
  lobFileName,
  lobZoomLevels,
} from '../utils/line-of-balance';
import { LineOfBalanceChart, lobChartColors } from './line-of-balance-chart';
import type { LobChartLabels } from './line-of-balance-chart';
import { lineOfBalancePdf } from './line-of-balance-pdf';

/** The zoom: a level's scale, or 'Ajustar' with the scale that fitted the width when it was pressed. */
type Zoom = { level: LobZoomLevel } | { level: 'fit'; pxPerDay: number };

const shownDate = (day: number) => formatIsoDate(isoDay(day));

/** Today on this computer's calendar, DD-MM-YYYY. */
function todayShown(): string {
  const now = new Date();
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(now.getDate())}-${two(now.getMonth() + 1)}-${now.getFullYear()}`;
}

type ClashValues = { first: string; second: string; location: string; from: string; to: string };

/** The clash list's lines, in location then date order. */
function clashLines(plan: LineOfBalance, describe: (values: ClashValues) => string): string[] {
  return plan.clashes.map((clash) => {
    const { from, to } = clashDates(clash);
    return describe({
      first: plan.activities[clash.activities[0]]?.name ?? '',
      second: plan.activities[clash.activities[1]]?.name ?? '',
      location: plan.locations[clash.location]?.label ?? '',
      from: formatIsoDate(from),
      to: formatIsoDate(to),
    });
  });
}

function LineOfBalanceBody({ project, plan }: { project: LoadedProject; plan: LineOfBalance }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const labelWidth = isPhone ? 120 : 200;
  const [zoom, setZoom] = useState<Zoom>({ level: 'week' });
  const host = useRef<HTMLDivElement>(null);
  const pxPerDay = zoom.level === 'fit' ? zoom.pxPerDay : PX_PER_DAY[zoom.level];
  const level = levelOfScale(pxPerDay);
  const range = chartRange(plan);
  const summary = t('lineOfBalance.summary', {
    activities: plan.activities.length,
    locations: plan.locations.length,
    from: shownDate(plan.firstDay),
    to: shownDate(plan.lastDay - 1),
  });
  const clashes = clashLines(plan, (values) => t('lineOfBalance.clashItem', values));

  const labels: LobChartLabels = useMemo(() => {
    const language = i18n.resolvedLanguage ?? 'es-CL';
    const monthYear = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const monthShort = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    return {
      chart: t('lineOfBalance.chartLabel', {
        activities: plan.activities.length,
        locations: plan.locations.length,
        from: shownDate(plan.firstDay),
        to: shownDate(plan.lastDay - 1),
      }),
      span: (activity, location, from, to) => t('lineOfBalance.span', { activity, location, from, to }),
      clash: (first, second, location, from, to) => t('lineOfBalance.clashMark', { first, second, location, from, to }),
      monthYear: (day) => monthYear.format(new Date(day * 86_400_000)).replace('.', ''),
      monthShort: (day) => monthShort.format(new Date(day * 86_400_000)).replace('.', ''),
    };
  }, [i18n.resolvedLanguage, plan, t]);

  const fit = () => {
    const width = host.current?.clientWidth ?? 0;
    setZoom({ level: 'fit', pxPerDay: fitPxPerDay(range.to - range.from, width - labelWidth - 14) });
  };

  const legendEntries = plan.activities.map((activity, index) => ({
    label: activity.name,
    ...activityColor(index, theme.palette.mode),
  }));
  const pngOfChart = async (): Promise<{ blob: Blob; width: number; height: number }> => {
    const svg = host.current?.querySelector<SVGSVGElement>('[data-testid="lob-svg"]');
    if (!svg) throw new Error('sin gráfico');
    const colors = lobChartColors(theme);
    const legend = {
      entries: [
        ...legendEntries.map((entry) => ({ label: entry.label, color: entry.color, dashed: entry.dashed })),
        ...(plan.clashes.length > 0 ? [{ label: t('lineOfBalance.clashLegend'), color: colors.clash }] : []),
      ],
      textColor: theme.palette.text.primary,
    };
    const { width, height } = svg.getBoundingClientRect();
    return { blob: await svgToPngBlob(svg, theme.palette.background.paper, legend), width, height: height + 28 };
  };
  const downloadPng = async () => {
    try {
      downloadBlob((await pngOfChart()).blob, lobFileName(project.code, 'png'));
    } catch {
      notifyError(t('lineOfBalance.pngFailed'));
    }
  };
  const downloadPdf = async () => {
    try {
      const { blob, width, height } = await pngOfChart();
      const pdf = await lineOfBalancePdf({
        title: t('lineOfBalance.pdfTitle'),
        subtitle: `${project.code} - ${project.name}`,
        generated: t('lineOfBalance.pdfGenerated', { date: todayShown() }),
        summary,
        png: blob,
        pngWidth: width,
        pngHeight: height,
        clashesTitle:
          clashes.length === 0
            ? t('lineOfBalance.noClashes')
            : t('lineOfBalance.clashesTitle', { count: clashes.length }),
        clashes,
      });
      downloadBlob(pdf, lobFileName(project.code, 'pdf'));
    } catch {
      notifyError(t('lineOfBalance.pdfFailed'));
    }
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={zoom.level === 'fit' ? null : zoom.level}
            aria-label={t('lineOfBalance.zoom')}
            onChange={(_event, next: LobZoomLevel | null) => {
              if (next !== null) setZoom({ level: next });
            }}
          >
            {lobZoomLevels.map((each) => (
              <ToggleButton key={each} value={each} sx={{ height: 32, py: 0, px: 1.5, textTransform: 'none' }}>
                {t(`lineOfBalance.zoomLevels.${each}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button
            size="small"
            variant={zoom.level === 'fit' ? 'contained' : 'outlined'}
            startIcon={<FitScreenIcon fontSize="small" />}
            onClick={fit}
            title={t('lineOfBalance.fitHint')}
            aria-pressed={zoom.level === 'fit'}
            sx={{ height: 32, textTransform: 'none' }}
          >
            {t('lineOfBalance.fit')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" onClick={() => void downloadPng()}>
            {t('lineOfBalance.downloadPng')}
          </Button>
          <Button variant="contained" size="small" onClick={() => void downloadPdf()}>
            {t('lineOfBalance.downloadPdf')}
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="lob-summary">
        {summary}
      </Typography>
      {plan.userTasks > 0 && (
        <Alert severity="info" data-testid="lob-user-tasks">
          {t('lineOfBalance.userTasks', { count: plan.userTasks })}
        </Alert>
      )}
      <Box
        ref={host}
        data-testid="lob-chart"
        data-zoom={zoom.level}
        data-scale={level}
        role="figure"
        aria-label={labels.chart}
        tabIndex={0}
        sx={{
          overflowX: 'auto',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        }}
      >
        <LineOfBalanceChart plan={plan} pxPerDay={pxPerDay} level={level} labelWidth={labelWidth} labels={labels} />
      </Box>
      <Box
        component="ul"
        aria-label={t('lineOfBalance.legend')}
        data-testid="lob-legend"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
      >
        {plan.activities.map((activity, index) => {
          const { color, dashed } = activityColor(index, theme.palette.mode);
          return (
            <Box component="li" key={activity.name} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 22,
                  height: 12,
                  borderRadius: 0.5,
                  bgcolor: `${color}8c`,
                  border: `2px ${dashed ? 'dashed' : 'solid'} ${color}`,
                  flexShrink: 0,
                }}
              />
              <Typography variant="body2" component="span">
                {activity.name}
                <Typography component="span" variant="body2" color="text.secondary">
                  {` · ${t('lineOfBalance.crews', { count: activity.crews })}`}
                </Typography>
              </Typography>
            </Box>
          );
        })}
        {plan.clashes.length > 0 && (
          <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 22,
                height: 12,
                borderRadius: 0.5,
                border: `2.5px solid ${theme.palette.error.main}`,
                flexShrink: 0,
              }}
            />
            <Typography variant="body2" component="span">
              {t('lineOfBalance.clashLegend')}
            </Typography>
          </Box>
        )}
      </Box>
      <Box data-testid="lob-clashes">
        {clashes.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('lineOfBalance.noClashes')}
          </Typography>
        ) : (
          <>
            <Typography variant="subtitle2" component="h2" sx={{ color: 'error.main', fontWeight: 700 }}>
              {t('lineOfBalance.clashesTitle', { count: clashes.length })}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {clashes.map((line) => (
                <Typography component="li" variant="body2" key={line}>
                  {line}
                </Typography>
              ))}
            </Box>
          </>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
        {t('lineOfBalance.howToRead')}
      </Typography>
    </Stack>
  );
}

function LineOfBalanceScreen({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const gantt = useQuery(lineOfBalanceQueryOptions(project._id));
  const plan = useMemo(() => (gantt.data ? lineOfBalance(gantt.data.activities) : undefined), [gantt.data]);
  return (
    <PagePanel title={t('lineOfBalance.title')} subtitle={`${project.code} — ${project.name}`}>
      {gantt.isError && <Alert severity="error">{describeError(gantt.error)}</Alert>}
      {gantt.isPending && (
        <Typography variant="body2" color="text.secondary">
          {t('lineOfBalance.loading')}
        </Typography>
      )}
      {plan !== undefined && plan.activities.length === 0 && (
        <Stack spacing={2}>
          <Alert severity="info" data-testid="lob-empty">
            {t('lineOfBalance.empty')}
          </Alert>
          {plan.userTasks > 0 && (
            <Alert severity="info" data-testid="lob-user-tasks">
              {t('lineOfBalance.userTasks', { count: plan.userTasks })}
            </Alert>
          )}
        </Stack>
      )}
      {plan !== undefined && plan.activities.length > 0 && <LineOfBalanceBody project={project} plan={plan} />}
    </PagePanel>
  );
}

/** The 'Línea de balance' screen (issue 35) at /projects/:id/linea-de-balance; the id may be 'current'. */
export function ProjectLineOfBalance() {
  const id = useProjectRouteId();
  // loadGantt leaves with loadProject, not after it
  useQuery({ ...lineOfBalanceQueryOptions(id ?? ''), enabled: id !== null });
  return (
    <ProjectRouteGate>{(project) => <LineOfBalanceScreen key={project._id} project={project} />}</ProjectRouteGate>
  );
}
