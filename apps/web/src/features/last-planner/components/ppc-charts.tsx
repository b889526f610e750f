import { formatIsoDate } from '@cimiento/domain';
import { PPC_TARGET } from '@cimiento/domain/last-planner';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart, BarPlot } from '@mui/x-charts/BarChart';
import { ChartsContainer } from '@mui/x-charts/ChartsContainer';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LineChart, LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { formatPercent } from '../utils/last-planner-view';

/**
 * The PPC's charts (issue 36), @mui/x-charts in their own chunk as the S-curve's: colours from the
 * theme, so they read in dark mode too; legends in HTML. A week with nothing closed is a gap in the
 * trend (null), never 0 %.
 */

function Legend({ entries }: { entries: Array<{ label: string; color: string; dashed?: boolean }> }) {
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: 'center', pt: 1, columnGap: 3, rowGap: 0.5, flexWrap: 'wrap' }}
      aria-hidden
    >
      {entries.map((entry) => (
        <Stack key={entry.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            sx={
              entry.dashed === true
                ? { width: 20, height: 0, borderTop: `3px dashed ${entry.color}` }
                : { width: 20, height: 3, borderRadius: 1, bgcolor: entry.color }
            }
          />
          <Typography variant="body2">{entry.label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

const percentAxis = { min: 0, max: 100, valueFormatter: (value: number) => `${value} %`, width: 52 };

export type TrendChartProps = {
  weeks: string[];
  ppc: Array<number | null>;
  labels: { chart: string; ppc: string; target: string };
};

export function PpcTrendChart({ weeks, ppc, labels }: TrendChartProps) {
  const theme = useTheme();
  return (
    <>
      <Legend
        entries={[
          { label: labels.ppc, color: theme.palette.primary.main },
          { label: labels.target, color: theme.palette.warning.main, dashed: true },
        ]}
      />
      <LineChart
        height={300}
        hideLegend
        skipAnimation
        aria-label={labels.chart}
        xAxis={[{ data: weeks, scaleType: 'point', valueFormatter: (week: string) => formatIsoDate(week).slice(0, 5) }]}
        yAxis={[percentAxis]}
        series={[
          {
            id: 'ppc',
            data: ppc,
            label: labels.ppc,
            color: theme.palette.primary.main,
            curve: 'linear',
            showMark: ({ index }) => ppc[index] !== null,
            valueFormatter: (value) => formatPercent(value),
          },
        ]}
        grid={{ horizontal: true }}
      >
        {/* the target as a reference line: it spans the chart even with a single week */}
        <ChartsReferenceLine
          y={PPC_TARGET}
          lineStyle={{ stroke: theme.palette.warning.main, strokeDasharray: '7 5', strokeWidth: 2 }}
        />
      </LineChart>
    </>
  );
}

export type CompanyChartProps = {
  companies: string[];
  ppc: Array<number | null>;
  labels: { chart: string; ppc: string };
};

export function PpcCompanyChart({ companies, ppc, labels }: CompanyChartProps) {
  const theme = useTheme();
  return (
    <BarChart
      height={Math.max(160, 48 * companies.length + 60)}
      hideLegend
      skipAnimation
      layout="horizontal"
      aria-label={labels.chart}
      yAxis={[{ data: companies, scaleType: 'band', width: 140 }]}
      xAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${value} %` }]}
      series={[
        {
          data: ppc,
          label: labels.ppc,
          color: theme.palette.primary.main,
          valueFormatter: (value) => formatPercent(value),
        },
      ]}
      grid={{ vertical: true }}
    />
  );
}

export type ParetoChartProps = {
  causes: string[];
  counts: number[];
  cumulative: number[];
  labels: { chart: string; count: string; cumulative: string };
};

/** The Pareto of causes: bars (how many times) and the cumulative % as a line on its own axis. */
export function PpcParetoChart({ causes, counts, cumulative, labels }: ParetoChartProps) {
  const theme = useTheme();
  return (
    <>
      <Legend
        entries={[
          { label: labels.count, color: theme.palette.error.main },
          { label: labels.cumulative, color: theme.palette.info.main },
        ]}
      />
      <ChartsContainer
        height={300}
        skipAnimation
        aria-label={labels.chart}
        xAxis={[{ id: 'causes', data: causes, scaleType: 'band' }]}
        yAxis={[
          { id: 'count', min: 0, tickMinStep: 1, width: 40 },
          { id: 'cumulative', ...percentAxis, position: 'right' },
        ]}
        series={[
          {
            type: 'bar',
            data: counts,
            label: labels.count,
            yAxisId: 'count',
            color: theme.palette.error.main,
          },
          {
            type: 'line',
            data: cumulative,
            label: labels.cumulative,
            yAxisId: 'cumulative',
            color: theme.palette.info.main,
            curve: 'linear',
            showMark: true,
            valueFormatter: (value) => formatPercent(value),
          },
        ]}
      >
        <ChartsGrid horizontal />
        <BarPlot />
        <LinePlot />
        <MarkPlot />
        <ChartsXAxis axisId="causes" />
        <ChartsYAxis axisId="count" />
        <ChartsYAxis axisId="cumulative" />
        <ChartsTooltip />
      </ChartsContainer>
    </>
  );
}
