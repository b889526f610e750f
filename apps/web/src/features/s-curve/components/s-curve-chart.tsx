import { formatIsoDate, formatNumber } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { SCurveSeries } from '../utils/s-curve-data';

export type SCurveChartProps = {
  series: SCurveSeries;
  labels: { planned: string; earned: string; projected: string; chart: string };
};

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The S-curve's chart (issue 16): 'Programado' and 'Real' in % by date, @mui/x-charts' LineChart in
 * its own chunk (the screen loads it lazily). Its colours come from the theme, so it reads in dark
 * mode as in light; the real curve joins the cut-offs with straight lines (a curve between two
 * points would show progress nobody measured). Issue 33: 'Proyectado', dashed, from the latest
 * cut-off to the estimated finish. The legend is HTML, so the chart's first SVG path is a curve
 * (what the benchmark waits for) and the PNG draws its own.
 */
export default function SCurveChart({ series, labels }: SCurveChartProps) {
  const theme = useTheme();
  const hasProjection = series.projected.some((value) => value !== null);
  const legend = [
    { label: labels.planned, color: theme.palette.info.main, dashed: false },
    { label: labels.earned, color: theme.palette.success.main, dashed: false },
    ...(hasProjection ? [{ label: labels.projected, color: theme.palette.warning.main, dashed: true }] : []),
  ];
  return (
    <>
      <Stack
        direction="row"
        sx={{ justifyContent: 'center', pt: 1, columnGap: 3, rowGap: 0.5, flexWrap: 'wrap' }}
        aria-hidden
        data-testid="s-curve-legend"
      >
        {legend.map((entry) => (
          <Stack key={entry.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box
              sx={
                entry.dashed
                  ? { width: 20, height: 0, borderTop: `3px dashed ${entry.color}` }
                  : { width: 20, height: 3, borderRadius: 1, bgcolor: entry.color }
              }
            />
            <Typography variant="body2">{entry.label}</Typography>
          </Stack>
        ))}
      </Stack>
      <LineChart
        height={340}
        hideLegend
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
            curve: 'linear',
            showMark: true,
            valueFormatter: (value) => (value === null ? '—' : `${formatNumber(value, 2)} %`),
          },
          {
            data: series.earned,
            label: labels.earned,
            color: theme.palette.success.main,
            curve: 'linear',
            connectNulls: true,
            showMark: ({ index }) => series.earned[index] !== null,
            valueFormatter: (value) => (value === null ? '—' : `${formatNumber(value, 2)} %`),
          },
          ...(hasProjection
            ? [
                {
                  id: 'projected',
                  data: series.projected,
                  label: labels.projected,
                  color: theme.palette.warning.main,
                  curve: 'linear' as const,
                  showMark: false,
                  valueFormatter: (value: number | null) => (value === null ? '—' : `${formatNumber(value, 2)} %`),
                },
              ]
            : []),
        ]}
        sx={{ [`& .${lineClasses.line}[data-series="projected"]`]: { strokeDasharray: '7 5' } }}
        grid={{ horizontal: true }}
      />
    </>
  );
}
