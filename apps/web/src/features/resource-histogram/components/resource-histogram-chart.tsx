import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LinePlot, lineClasses } from '@mui/x-charts/LineChart';
import { useDrawingArea, useXScale } from '@mui/x-charts/hooks';
import type { HistogramPeriod } from '../api/resource-histogram';
import { formatAmount, periodLabel, periodTick } from '../utils/histogram-data';
import type { HistogramChartData } from '../utils/histogram-data';

export type HistogramChartLabels = {
  chart: string;
  units: string;
  overload: string;
  overloadLegend: string;
  available: string;
  /** absent without a baseline */
  baseline?: string;
  /** 'Corte 06-01-2026', absent when the cut-off falls outside the periods drawn */
  cutoff?: string;
};

export type ResourceHistogramChartProps = {
  data: HistogramChartData;
  period: HistogramPeriod;
  labels: HistogramChartLabels;
};

const X_AXIS = 'periods';
const Y_AXIS = 'units';

/** The chart's colours, from the theme, so that it reads in dark mode as in light (the PNG's legend uses them too). */
export function histogramColors(theme: Theme) {
  return {
    units: theme.palette.primary.main,
    overload: theme.palette.error.main,
    available: theme.palette.text.primary,
    baseline: theme.palette.mode === 'dark' ? theme.palette.grey[500] : theme.palette.grey[400],
    cutoff: theme.palette.info.main,
  };
}

/** The cut-off: a dashed vertical line where it falls in its period, labelled at the top. */
function CutoffMarker({
  dates,
  cutoff,
  label,
  color,
}: {
  dates: string[];
  cutoff: { index: number; fraction: number };
  label: string;
  color: string;
}) {
  const scale = useXScale<'band'>(X_AXIS);
  const area = useDrawingArea();
  const date = dates[cutoff.index];
  const start = date === undefined ? undefined : scale(date);
  if (start === undefined) return null;
  const step = scale.step();
  const gap = step - scale.bandwidth();
  const x = start - gap / 2 + step * cutoff.fraction;
  const nearRight = x > area.left + area.width * 0.75;
  return (
    <g data-testid="histogram-cutoff" aria-hidden>
      <line
        x1={x}
        x2={x}
        y1={area.top}
        y2={area.top + area.height}
        stroke={color}
        strokeWidth={2}
        strokeDasharray="4 4"
      />
      <text
        x={nearRight ? x - 6 : x + 6}
        y={area.top + 12}
        fill={color}
        fontSize={12}
        fontWeight={600}
        textAnchor={nearRight ? 'end' : 'start'}
      >
        {label}
      </text>
    </g>
  );
}

/**
 * The histogram's chart (issue 35): a bar per period with the busiest day's units of the chosen
 * series, in the error colour where some day asks for more than is available (the screen says so
 * in words too); the baseline's bars beside them when one is chosen; the availability as a step
 * line; the cut-off as a dashed vertical line. @mui/x-charts composed by hand (bars and a line on
 * one band axis), in its own chunk; the legend is HTML, as the S-curve's.
 */
export default function ResourceHistogramChart({ data, period, labels }: ResourceHistogramChartProps) {
  const theme = useTheme();
  const colors = histogramColors(theme);
  const hasOverload = data.overload.some(Boolean);
  const legend = [
    { label: labels.units, color: colors.units, kind: 'bar' as const },
    ...(hasOverload ? [{ label: labels.overloadLegend, color: colors.overload, kind: 'bar' as const }] : []),
    ...(labels.baseline === undefined
      ? []
      : [{ label: labels.baseline, color: colors.baseline, kind: 'bar' as const }]),
    { label: labels.available, color: colors.available, kind: 'dashed' as const },
    ...(labels.cutoff === undefined || data.cutoff === undefined
      ? []
      : [{ label: labels.cutoff, color: colors.cutoff, kind: 'vertical' as const }]),
  ];
  const format = (value: number | null) => (value === null ? '—' : formatAmount(value));
  const most = Math.max(
    1,
    ...data.units.map((value) => value ?? 0),
    ...data.available.map((value) => value ?? 0),
    ...(data.baseline ?? []).map((value) => value ?? 0),
  );
  return (
    <>
      <Stack
        direction="row"
        sx={{ justifyContent: 'center', pt: 1, px: 1, columnGap: 3, rowGap: 0.5, flexWrap: 'wrap' }}
        aria-hidden
        data-testid="histogram-legend"
      >
        {legend.map((entry) => (
          <Stack key={entry.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box
              sx={
                entry.kind === 'dashed'
                  ? { width: 20, height: 0, borderTop: `2px dashed ${entry.color}` }
                  : entry.kind === 'vertical'
                    ? { width: 0, height: 14, borderLeft: `2px dashed ${entry.color}`, mx: 1 }
                    : { width: 14, height: 14, borderRadius: 0.5, bgcolor: entry.color }
              }
            />
            <Typography variant="body2">{entry.label}</Typography>
          </Stack>
        ))}
      </Stack>
      <ChartsDataProvider
        height={340}
        skipAnimation
        margin={{ top: 24, right: 16, bottom: 8, left: 8 }}
        xAxis={[
          {
            id: X_AXIS,
            scaleType: 'band',
            data: data.dates,
            categoryGapRatio: 0.25,
            barGapRatio: 0.1,
            tickLabelMinGap: 12,
            valueFormatter: (value: string, context) =>
              context.location === 'tick' ? periodTick(value, period) : periodLabel(value, period),
          },
        ]}
        yAxis={[
          {
            id: Y_AXIS,
            min: 0,
            max: Math.ceil(most * 1.15),
            width: 48,
            valueFormatter: (value: number) => formatAmount(value),
          },
        ]}
        series={[
          {
            type: 'bar',
            id: 'units',
            label: labels.units,
            data: data.units,
            color: colors.units,
            colorGetter: ({ dataIndex }) => (data.overload[dataIndex] ? colors.overload : colors.units),
            valueFormatter: (value, { dataIndex }) =>
              value === null ? '—' : `${format(value)}${data.overload[dataIndex] ? ` · ${labels.overload}` : ''}`,
          },
          ...(data.baseline === undefined || labels.baseline === undefined
            ? []
            : [
                {
                  type: 'bar' as const,
                  id: 'baseline',
                  label: labels.baseline,
                  data: data.baseline,
                  color: colors.baseline,
                  valueFormatter: format,
                },
              ]),
          {
            type: 'line',
            id: 'available',
            label: labels.available,
            data: data.available,
            color: colors.available,
            curve: 'step',
            showMark: false,
            connectNulls: true,
            valueFormatter: format,
          },
        ]}
      >
        <ChartsWrapper hideLegend>
          <ChartsSurface
            aria-label={labels.chart}
            sx={{ [`& .${lineClasses.line}`]: { strokeDasharray: '6 4', strokeWidth: 2 } }}
          >
            <ChartsGrid horizontal />
            <BarPlot />
            <LinePlot />
            {data.cutoff !== undefined && labels.cutoff !== undefined && (
              <CutoffMarker dates={data.dates} cutoff={data.cutoff} label={labels.cutoff} color={colors.cutoff} />
            )}
            <ChartsAxisHighlight x="band" />
            <ChartsXAxis axisId={X_AXIS} />
            <ChartsYAxis axisId={Y_AXIS} />
          </ChartsSurface>
          <ChartsTooltip trigger="axis" />
        </ChartsWrapper>
      </ChartsDataProvider>
    </>
  );
}
