import axe from 'axe-core';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 / 2.1 A and AA rules: what issue 19 asks the product to pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail the check (issue 19: 0 serious or critical violations). */
const FAILING_IMPACTS: ImpactValue[] = ['serious', 'critical'];

export type AxeViolation = {
  id: string;
  impact: ImpactValue;
  help: string;
  /** how many elements fail the rule */
  count: number;
  /** the CSS selectors of the first few failing elements, with axe's reason for the first one */
  targets: string[];
  reason: string;
};

type AxeWindow = { axe?: { run: (context: unknown, options: unknown) => Promise<AxeResults> } };

/**
 * Runs axe-core's WCAG 2.x A/AA rules over the page as it is now (or over `selector` only) and
 * answers the serious and critical violations. axe is evaluated into the page through the
 * DevTools protocol, which the app's Content-Security-Policy does not govern (a <script> tag would be).
 */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as AxeWindow).axe !== 'undefined');
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, selector: scope }) => {
      const engine = (window as unknown as AxeWindow).axe;
      if (!engine) throw new Error('axe-core no quedó cargado en la página');
      // a colour half-way through a transition is no colour the page shows at rest: a button that
      // turns enabled as its data arrives (disabled grey → red over 250 ms) measured mid-way failed
      // contrast once in CI. Every finite animation and transition ends first (spinners loop forever: skipped).
      const finite = document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? 0)));
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      const results = await engine.run(scope ? document.querySelector(scope) : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? 'minor',
        help: violation.help,
        count: violation.nodes.length,
        targets: violation.nodes.slice(0, 4).map((node) => node.target.join(' ')),
        reason: violation.nodes[0]?.failureSummary?.replaceAll(/\s+/g, ' ') ?? '',
      }));
    },
    { tags: WCAG_TAGS, selector },
  );
  return violations.filter((violation) => FAILING_IMPACTS.includes(violation.impact));
}

/** One line per violation, for an assertion message a person can act on. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}, ${violation.count}×) ${violation.help} — ` +
      `${violation.targets.join(' | ')} — ${violation.reason}`,
  );
}

/**
 * Text drawn on a gradient, measured against each colour stop with WCAG's formula: axe leaves
 * text on a gradient unjudged ('incomplete'), and the sidebar's active link, the login header and
 * the dashboard's cards write on one. Every visible text whose nearest painted ancestor has a
 * gradient is checked (its colour's alpha and the opacities between them blended over the stop).
 * Answers one line per stop under 4.5:1 (3:1 for large text).
 */
export async function gradientContrastFailures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a];
    };
    const luminance = ([r, g, b]: Rgba): number => {
      const [lr, lg, lb] = [r, g, b].map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    const blend = (top: Rgba, alpha: number, under: Rgba): Rgba => [
      top[0] * alpha + under[0] * (1 - alpha),
      top[1] * alpha + under[1] * (1 - alpha),
      top[2] * alpha + under[2] * (1 - alpha),
      1,
    ];
    const ratio = (a: Rgba, b: Rgba): number => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const isPainted = (style: CSSStyleDeclaration) =>
      style.backgroundImage !== 'none' || parse(style.backgroundColor)[3] > 0;

    const failures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const holder = node.parentElement;
      if (!holder || seen.has(holder) || (node.textContent ?? '').trim() === '') continue;
      seen.add(holder);
      if (holder.getClientRects().length === 0) continue;
      const textStyle = getComputedStyle(holder);
      if (textStyle.visibility !== 'visible') continue;
      // the nearest ancestor that paints a background, and the opacity on the way to it
      let opacity = 1;
      let painted: Element | null = holder;
      while (painted) {
        const style = getComputedStyle(painted);
        if (isPainted(style)) break;
        opacity *= Number(style.opacity);
        painted = painted.parentElement;
      }
      // not drawn (MUI's outlined label keeps a transparent copy in its notch), or a disabled control (WCAG 1.4.3 exempts it)
      if (!painted || opacity === 0 || holder.closest('[disabled], [aria-disabled="true"], .Mui-disabled')) continue;
      const paintedStyle = getComputedStyle(painted);
      const stops = paintedStyle.backgroundImage.match(/rgba?\([^)]*\)/g);
      if (!stops || !paintedStyle.backgroundImage.includes('gradient')) continue;
      // a see-through stop (MUI's dark-mode overlay on paper) is laid over the element's own colour
      const base = parse(paintedStyle.backgroundColor);
      const size = Number.parseFloat(textStyle.fontSize);
      const isLarge = size >= 24 || (size >= 18.66 && Number(textStyle.fontWeight) >= 700);
      const needed = isLarge ? 3 : 4.5;
      const text = parse(textStyle.color);
      for (const stop of stops) {
        const layer = parse(stop);
        if (layer[3] < 1 && base[3] < 1) continue;
        const background = layer[3] < 1 ? blend(layer, layer[3], base) : layer;
        const measured = ratio(blend(text, text[3] * opacity, background), background);
        if (measured < needed) {
          const label = (holder.textContent ?? '').trim().slice(0, 40);
          failures.push(
            `"${label}": ${textStyle.color} sobre el degradado ${stop} = ${measured.toFixed(2)}:1 (mínimo ${needed}:1)`,
          );
        }
      }
    }
    return failures;
  });
}
