import { formatIsoDate, formatNumber } from '@cimiento/domain';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { SCurveSeries } from '../utils/s-curve-data';

export type SCurveChartProps = {
  series: SCurveSeries;
  labels: { planned: string; earned: string; chart: string };
};

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The S-curve's chart (issue 16): 'Programado' and 'Real' in % by date, @mui/x-charts' LineChart in
 * its own chunk (the screen loads it lazily). Its colours come from the theme, so it reads in dark
 * mode as in light; the real curve joins the cut-offs.
 */
export default function SCurveChart({ series, labels }: SCurveChartProps) {
  const theme = useTheme();
  return (
    <LineChart
      height={360}
      skipAnimation
      aria-label={labels.chart}
      xAxis={[
        {
          data: series.dates,
          scaleType: 'time',
          valueFormatter: (value: Date) => formatIsoDate(isoOf(value)),
          tickNumber: 8,
        },
      ]}
      yAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${formatNumber(value)} %`, width: 56 }]}
      series={[
        {
          data: series.planned,
          label: labels.planned,
          color: theme.palette.info.main,
          showMark: true,
          valueFormatter: (value) => (value === null ? '—' : `${formatNumber(value, 2)} %`),
        },
        {
          data: series.earned,
          label: labels.earned,
          color: theme.palette.success.main,
          connectNulls: true,
          showMark: ({ index }) => series.earned[index] !== null,
          valueFormatter: (value) => (value === null ? '—' : `${formatNumber(value, 2)} %`),
        },
      ]}
      grid={{ horizontal: true }}
    />
  );
}
