import { decomposeColor, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, sidebarColorValues, sidebarLook } from './theme';
import { sidebarColors, sidebarTypes } from '@/lib/stores/settings-store';

/** WCAG AA for normal text (docs/ACCESSIBILITY.md). */
const AA = 4.5;

/** A colour with alpha laid over an opaque background, as the screen shows it. */
function over(color: string, background: string): string {
  const { values, type } = decomposeColor(color);
  const alpha = type === 'rgba' ? (values[3] ?? 1) : 1;
  const under = decomposeColor(background).values;
  const mixed = [0, 1, 2].map((index) => Math.round((values[index] ?? 0) * alpha + (under[index] ?? 0) * (1 - alpha)));
  return `rgb(${mixed.join(', ')})`;
}

function ratio(text: string, background: string): number {
  return getContrastRatio(over(text, background), background);
}

describe.each([false, true])('theme colours (dark mode: %s)', (isDarkMode) => {
  const { palette } = createAppTheme({ isDarkMode });
  const backgrounds = [palette.background.default, palette.background.paper];

  it('writes primary and secondary text at least 4.5:1 on the page and on cards', () => {
    for (const background of backgrounds) {
      expect(ratio(palette.text.primary, background)).toBeGreaterThanOrEqual(AA);
      expect(ratio(palette.text.secondary, background)).toBeGreaterThanOrEqual(AA);
    }
  });

  it.each(['primary', 'secondary', 'success', 'info', 'error'] as const)(
    'reads %s as text on cards and fills it with a contrast text at least 4.5:1',
    (name) => {
      expect(ratio(palette[name].main, palette.background.paper)).toBeGreaterThanOrEqual(AA);
      expect(ratio(palette[name].contrastText, palette[name].main)).toBeGreaterThanOrEqual(AA);
    },
  );

  it('fills warning with a contrast text at least 4.5:1', () => {
    expect(ratio(palette.warning.contrastText, palette.warning.main)).toBeGreaterThanOrEqual(AA);
  });

  it.each(sidebarTypes)("writes the %s sidebar's muted text at least 4.5:1", (type) => {
    const look = sidebarLook(type, isDarkMode);
    // a transparent sidebar shows the page behind it; a gradient is checked at each stop
    const backgrounds =
      type === 'transparent' ? [palette.background.default] : (look.background.match(/#[0-9a-f]{6}/gi) ?? []);
    expect(backgrounds.length).toBeGreaterThan(0);
    for (const background of backgrounds) {
      expect(ratio(look.mutedText, background)).toBeGreaterThanOrEqual(AA);
      expect(ratio(look.text, background)).toBeGreaterThanOrEqual(AA);
    }
  });
});

describe("the sidebar's active link", () => {
  it.each(sidebarColors)('writes white at least 4.5:1 on every stop of the %s gradient', (color) => {
    const stops = sidebarColorValues[color].gradient.match(/#[0-9a-f]{6}/gi) ?? [];
    expect(stops).toHaveLength(2);
    for (const stop of stops) expect(ratio('#ffffff', stop)).toBeGreaterThanOrEqual(AA);
  });
});
