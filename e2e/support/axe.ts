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
 * The text of each element matching `selector` against every colour stop of its background
 * gradient: axe leaves text on a gradient unjudged ('incomplete'), so the sidebar's active link is
 * measured here with WCAG's formula. Answers one line per stop under 4.5:1 (3:1 for large text).
 */
export async function gradientContrastFailures(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const channels = (color: string): number[] =>
      (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => Number(value));
    const luminance = (color: string): number => {
      const [r = 0, g = 0, b = 0] = channels(color).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string): number => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const failures: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(scope))) {
      const style = getComputedStyle(element);
      const stops = style.backgroundImage.match(/rgba?\([^)]*\)/g) ?? [];
      const size = Number.parseFloat(style.fontSize);
      const isLarge = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = isLarge ? 3 : 4.5;
      for (const stop of stops) {
        const measured = ratio(style.color, stop);
        if (measured < needed) {
          failures.push(
            `"${element.textContent?.trim() ?? ''}": ${style.color} sobre ${stop} = ${measured.toFixed(2)}:1 (mínimo ${needed}:1)`,
          );
        }
      }
    }
    return failures;
  }, selector);
}
