import { lighten, rgbToHex } from '@mui/material/styles';
import type { Palette } from '@mui/material/styles';
import type { CSSProperties } from 'react';

type ChartStyleInput = {
  isDark: boolean;
  focusColor: string;
  /** the cut-off line's place in the chart's area, and its label; null: no line */
  cutoffX: number | null;
  cutoffLabel: string;
};

/**
 * The chart's CSS variables (gantt-chart.css): the focus colour, the cut-off line's colours, place
 * and label, the late bars' colour; in dark mode the app's own surfaces, for WillowDark's greys.
 * The divider is a solid hex: SVAR draws the chart's cell lines from the '#' in its border colour.
 */
export function chartStyleOf(palette: Palette, { isDark, focusColor, cutoffX, cutoffLabel }: ChartStyleInput) {
  const { background, action } = palette;
  return {
    '--cim-focus': focusColor,
    // the cut-off's label: white on it reads 5.6:1 (on the former #e65100, 3.79:1)
    '--cim-cutoff': isDark ? '#ffb74d' : '#bf360c',
    '--cim-cutoff-text': isDark ? '#000000de' : '#ffffff',
    '--cim-late': isDark ? palette.error.light : palette.error.main,
    ...(cutoffX !== null && {
      '--cim-cutoff-x': `${cutoffX}px`,
      '--cim-cutoff-label': JSON.stringify(cutoffLabel),
    }),
    ...(isDark && {
      '--cim-paper': background.paper,
      '--cim-paper-alt': rgbToHex(lighten(background.paper, 0.05)),
      '--cim-divider': rgbToHex(lighten(background.paper, 0.12)),
      '--cim-hover': action.hover,
      '--cim-selected': rgbToHex(lighten(background.paper, 0.15)),
    }),
  } as CSSProperties;
}

/**
 * The critical links drawn red and thicker: one stylesheet rule naming each critical link's line
 * (SVAR draws every link alike); '' with none.
 */
export function criticalLinkRules(criticalLinks: readonly string[]): string {
  if (criticalLinks.length === 0) return '';
  // the chart writes a string id as ':id'
  const selectors = criticalLinks.map((id) => `.cim-gantt g[data-link-id=":${id}"] > .wx-line-draw`);
  return `${selectors.join(',\n')} { stroke: var(--cim-critical, #d32f2f); stroke-width: 2.5; }`;
}
