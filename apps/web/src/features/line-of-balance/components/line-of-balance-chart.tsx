import { formatIsoDate, isoDay } from '@cimiento/domain';
import { useTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { Fragment } from 'react';
import type { LineOfBalance, LobZoomLevel } from '../utils/line-of-balance';
import {
  activityColor,
  bandGeometry,
  chartRange,
  lowerTicks,
  monthStarts,
  pointsText,
  spanRuns,
} from '../utils/line-of-balance';

/** Heights of the time axis (two rows) and of a location's row, in px. */
export const HEADER_HEIGHT = 44;
export const ROW_HEIGHT = 34;
const RIGHT_PAD = 12;
const BAND_SHARE = 0.56;

export type LobChartLabels = {
  /** the SVG's accessible name */
  chart: string;
  /** 'Moldaje — Torre 1 › Piso 1: 05-01-2026 a 07-01-2026' */
  span: (activity: string, location: string, from: string, to: string) => string;
  /** 'Cruce: Moldaje × Hormigonar — …' */
  clash: (first: string, second: string, location: string, from: string, to: string) => string;
  /** 'ene 2026', 'ene', '2026' */
  monthYear: (day: number) => string;
  monthShort: (day: number) => string;
};

export type LobChartColors = {
  text: string;
  muted: string;
  grid: string;
  gridStrong: string;
  clash: string;
  mode: 'light' | 'dark';
};

export function lobChartColors(theme: Theme): LobChartColors {
  return {
    text: theme.palette.text.primary,
    muted: theme.palette.text.secondary,
    grid: theme.palette.divider,
    gridStrong: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.32)' : 'rgba(0,0,0,0.28)',
    clash: theme.palette.error.main,
    mode: theme.palette.mode,
  };
}

/** The SVG's width for a plan at a scale. */
export function chartWidth(plan: LineOfBalance, pxPerDay: number, labelWidth: number): number {
  const { from, to } = chartRange(plan);
  return Math.ceil(labelWidth + (to - from) * pxPerDay + RIGHT_PAD);
}

function shorten(text: string, width: number): string {
  // ~6.5 px a character at 12 px
  const most = Math.max(4, Math.floor(width / 6.5));
  return text.length <= most ? text : `${text.slice(0, most - 1)}…`;
}

/**
 * The flowline chart: locations up the side (the first lowest, grouped by tower), time across,
 * each activity a band between its start line and its finish line; each location's span a darker
 * rectangle; clashes outlined in the error colour. Every colour is an attribute, so the PNG copy
 * (lib/svg-png.ts) paints as the screen does.
 */
export function LineOfBalanceChart({
  plan,
  pxPerDay,
  level,
  labelWidth,
  labels,
}: {
  plan: LineOfBalance;
  pxPerDay: number;
  level: LobZoomLevel;
  labelWidth: number;
  labels: LobChartLabels;
}) {
  const theme = useTheme();
  const colors = lobChartColors(theme);
  const { from, to } = chartRange(plan);
  const count = plan.locations.length;
  const width = chartWidth(plan, pxPerDay, labelWidth);
  const height = HEADER_HEIGHT + count * ROW_HEIGHT + 1;
  const x = (day: number) => labelWidth + (day - from) * pxPerDay;
  // the first location lowest: a flowline climbs the building
  const rowTop = (location: number) => HEADER_HEIGHT + (count - 1 - location) * ROW_HEIGHT;
  const rows = { rowTop, rowHeight: ROW_HEIGHT, bandShare: BAND_SHARE };
  const plotBottom = HEADER_HEIGHT + count * ROW_HEIGHT;

  const upper = level === 'month' ? yearStarts(from, to) : monthStarts(from, to);
  const upperStarts = upper[0] === from ? upper : [from, ...upper];
  const ticks = lowerTicks(level, from, to);
  const tickLabel = (day: number) => {
    const date = isoDay(day);
    if (level === 'day') return date.slice(8, 10);
    if (level === 'week') return `${date.slice(8, 10)}-${date.slice(5, 7)}`;
    return labels.monthShort(day);
  };
  const groupWidth = plan.locations.some((location) => location.group !== '') ? Math.round(labelWidth * 0.45) : 0;

  // the groups' runs of rows, for their labels and the lines between them
  const groups: Array<{ name: string; first: number; last: number }> = [];
  plan.locations.forEach((location, index) => {
    const current = groups.at(-1);
    if (current?.name === location.group) current.last = index;
    else groups.push({ name: location.group, first: index, last: index });
  });

  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={labels.chart}
      data-testid="lob-svg"
      style={{ display: 'block', fontFamily: theme.typography.fontFamily }}
    >
      {/* time axis: months (years at the month level) above, the level's ticks below */}
      <g data-testid="lob-axis">
        {upperStarts.map((day, index) => {
          const next = upperStarts[index + 1] ?? to;
          const left = x(day);
          const right = x(next);
          return (
            <Fragment key={`u${day}`}>
              <line x1={left} x2={left} y1={0} y2={plotBottom} stroke={colors.gridStrong} strokeWidth={1} />
              {right - left > 28 && (
                <text x={left + 4} y={15} fontSize={12} fontWeight={600} fill={colors.text}>
                  {shorten(level === 'month' ? isoDay(day).slice(0, 4) : labels.monthYear(day), right - left - 6)}
                </text>
              )}
            </Fragment>
          );
        })}
        {ticks.map((day, index) => {
          const next = ticks[index + 1] ?? to;
          const left = x(day);
          const room = x(next) - left;
          return (
            <Fragment key={`l${day}`}>
              <line x1={left} x2={left} y1={22} y2={plotBottom} stroke={colors.grid} strokeWidth={1} />
              {room >= 16 && (
                <text
                  x={left + room / 2}
                  y={37}
                  fontSize={11}
                  textAnchor="middle"
                  fill={colors.muted}
                  data-testid="lob-tick"
                >
                  {tickLabel(day)}
                </text>
              )}
            </Fragment>
          );
        })}
        <line x1={0} x2={width} y1={HEADER_HEIGHT} y2={HEADER_HEIGHT} stroke={colors.gridStrong} strokeWidth={1} />
        <line x1={labelWidth} x2={labelWidth} y1={0} y2={plotBottom} stroke={colors.gridStrong} strokeWidth={1} />
      </g>

      {/* locations up the side */}
      <g data-testid="lob-locations">
        {plan.locations.map((location, index) => (
          <Fragment key={location.edpItemId}>
            <line
              x1={groupWidth}
              x2={width}
              y1={rowTop(index) + ROW_HEIGHT}
              y2={rowTop(index) + ROW_HEIGHT}
              stroke={colors.grid}
              strokeWidth={1}
            />
            <text
              x={groupWidth + 6}
              y={rowTop(index) + ROW_HEIGHT / 2}
              fontSize={12}
              dominantBaseline="central"
              fill={colors.text}
              data-testid="lob-location"
            >
              <title>{location.label}</title>
              {shorten(location.name, labelWidth - groupWidth - 10)}
            </text>
          </Fragment>
        ))}
        {groups.map((group) => {
          const top = rowTop(group.last);
          const bottom = rowTop(group.first) + ROW_HEIGHT;
          return (
            <Fragment key={`g${group.first}`}>
              <line x1={0} x2={width} y1={top} y2={top} stroke={colors.gridStrong} strokeWidth={1} />
              {group.name !== '' && (
                <text
                  x={6}
                  y={(top + bottom) / 2}
                  fontSize={12}
                  fontWeight={600}
                  dominantBaseline="central"
                  fill={colors.text}
                  data-testid="lob-group"
                >
                  <title>{group.name}</title>
                  {shorten(group.name, groupWidth - 8)}
                </text>
              )}
            </Fragment>
          );
        })}
      </g>

      {/* the activities' bands */}
      {plan.activities.map((activity, index) => {
        const { color, dashed } = activityColor(index, colors.mode);
        const dash = dashed ? '6 3' : undefined;
        return (
          <g key={activity.name} data-testid="lob-activity" data-activity={activity.name}>
            {spanRuns(activity.spans, plan.locations).map((run) => {
              const band = bandGeometry(run, x, rows);
              return (
                <Fragment key={run[0]?.location}>
                  <polygon points={pointsText(band.polygon)} fill={color} fillOpacity={0.2} stroke="none" />
                  <polyline
                    points={pointsText(band.startLine)}
                    fill="none"
                    stroke={color}
                    strokeWidth={2}
                    strokeDasharray={dash}
                    data-line="start"
                  />
                  <polyline
                    points={pointsText(band.finishLine)}
                    fill="none"
                    stroke={color}
                    strokeWidth={2}
                    strokeDasharray={dash}
                    data-line="finish"
                  />
                </Fragment>
              );
            })}
            {activity.spans.map((span) => {
              const location = plan.locations[span.location];
              const inset = (ROW_HEIGHT * (1 - BAND_SHARE)) / 2;
              const from = formatIsoDate(isoDay(span.start));
              const toDate = formatIsoDate(isoDay(Math.max(span.start, span.end - 1)));
              return (
                <rect
                  key={span.location}
                  x={x(span.start)}
                  y={rowTop(span.location) + inset}
                  width={Math.max(1, (span.end - span.start) * pxPerDay)}
                  height={ROW_HEIGHT * BAND_SHARE}
                  fill={color}
                  fillOpacity={0.55}
                  stroke={color}
                  strokeWidth={1}
                  data-testid="lob-span"
                  data-location={location?.label}
                  data-start={isoDay(span.start)}
                  data-end={isoDay(span.end - 1)}
                >
                  <title>{labels.span(activity.name, location?.label ?? '', from, toDate)}</title>
                </rect>
              );
            })}
          </g>
        );
      })}

      {/* clashes: two activities at one location at once */}
      <g data-testid="lob-clash-marks">
        {plan.clashes.map((clash) => {
          const location = plan.locations[clash.location];
          const [first, second] = clash.activities.map((index) => plan.activities[index]?.name ?? '');
          return (
            <rect
              key={`${clash.location}-${clash.activities.join('-')}-${clash.start}`}
              x={x(clash.start) - 1}
              y={rowTop(clash.location) + 2}
              width={(clash.end - clash.start) * pxPerDay + 2}
              height={ROW_HEIGHT - 4}
              fill={colors.clash}
              fillOpacity={0.1}
              stroke={colors.clash}
              strokeWidth={2.5}
              rx={3}
              data-testid="lob-clash"
              data-location={location?.label}
            >
              <title>
                {labels.clash(
                  first ?? '',
                  second ?? '',
                  location?.label ?? '',
                  formatIsoDate(isoDay(clash.start)),
                  formatIsoDate(isoDay(clash.end - 1)),
                )}
              </title>
            </rect>
          );
        })}
      </g>
    </svg>
  );
}

/** The first day of each year in [from, to). */
function yearStarts(from: number, to: number): number[] {
  return monthStarts(from, to).filter((day) => isoDay(day).slice(5, 10) === '01-01');
}
