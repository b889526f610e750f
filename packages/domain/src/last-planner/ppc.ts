import { listItemKey } from './project-lists';
import type { Commitment } from './weekly-plan';
import { weekOf, weeksBetween } from './weeks';

/**
 * Issue 36, the PPC ('Porcentaje de plan cumplido', docs/LAST-PLANNER.md "PPC") and the Pareto of
 * the causes of non-fulfilment. PPC = fulfilled ÷ closed commitments × 100, rounded half up to one
 * decimal; commitments not yet closed are left out of it and counted apart. A week with no closed
 * commitment has no PPC (null, a gap in the trend), never 0 %.
 */

/** The usual mark a week's PPC should reach. */
export const PPC_TARGET = 70;
/** PPC and the Pareto's percentages are shown with one decimal. */
export const PPC_DECIMALS = 1;
/** The Pareto's bar for 'No cumplido' commitments recorded without a cause (the rules refuse them). */
export const NO_CAUSE_LABEL = 'Sin causa';

export type PpcCommitment = Pick<Commitment, 'week' | 'companyId' | 'outcome' | 'cause'>;

export type PpcFigure = {
  /** 'Cumplido' */
  fulfilled: number;
  /** 'Cumplido' or 'No cumplido' */
  closed: number;
  /** not closed yet: left out of the PPC */
  notClosed: number;
  /** null when nothing is closed */
  ppc: number | null;
};

/** part ÷ whole × 100, half up to one decimal (exact: the tenths are a whole division's). */
function percent(part: number, whole: number): number {
  return Math.round((part * 1000) / whole) / 10;
}

export function ppcOf(commitments: readonly PpcCommitment[]): PpcFigure {
  let fulfilled = 0;
  let closed = 0;
  let notClosed = 0;
  for (const commitment of commitments) {
    if (commitment.outcome === 'cumplido') fulfilled += 1;
    if ((commitment.outcome ?? null) === null) notClosed += 1;
    else closed += 1;
  }
  return { fulfilled, closed, notClosed, ppc: closed === 0 ? null : percent(fulfilled, closed) };
}

/**
 * Whether a PPC reaches the mark (PPC_TARGET, ≥ 70 %). It reads the rounded figure, so what the
 * screen shows and the mark agree (69,95 % shows 70,0 % and passes); no PPC never passes.
 */
export function ppcPasses(ppc: number | null): boolean {
  return ppc !== null && ppc >= PPC_TARGET;
}

export type CompanyPpc = PpcFigure & { companyId: string | null; label: string };

/**
 * The PPC of each company with commitments (in the caller's scope: a week, a range), by the
 * companies' names (es-CL; an unknown id shows itself), the commitments with no company last as
 * 'Sin empresa'.
 */
export function ppcByCompany(
  commitments: readonly PpcCommitment[],
  companies: readonly { id: string; name: string }[] = [],
): CompanyPpc[] {
  const names = new Map(companies.map((company) => [company.id, company.name]));
  const byCompany = new Map<string | null, PpcCommitment[]>();
  for (const commitment of commitments) {
    const key = commitment.companyId ?? null;
    const own = byCompany.get(key);
    if (own === undefined) byCompany.set(key, [commitment]);
    else own.push(commitment);
  }
  const rows = [...byCompany.entries()].map(([companyId, own]) => ({
    companyId,
    label: companyId === null ? 'Sin empresa' : (names.get(companyId) ?? companyId),
    ...ppcOf(own),
  }));
  return rows.sort((a, b) => {
    if ((a.companyId === null) !== (b.companyId === null)) return a.companyId === null ? 1 : -1;
    return (
      a.label.localeCompare(b.label, 'es-CL', { numeric: true }) || (a.companyId ?? '').localeCompare(b.companyId ?? '')
    );
  });
}

export type WeekPpc = PpcFigure & { week: string };

/**
 * The trend: one point per week from the week of `from` to the week of `to` (both included, by
 * their Mondays), each the PPC of that week's commitments (of `companyId` only, when given, null
 * meaning those with no company); a week with nothing closed has ppc null, a gap, not 0 %.
 * Commitments of other weeks are left out.
 */
export function ppcTrend(input: {
  commitments: readonly PpcCommitment[];
  from: string;
  to: string;
  companyId?: string | null;
}): WeekPpc[] {
  const byWeek = new Map<string, PpcCommitment[]>();
  for (const commitment of input.commitments) {
    if (input.companyId !== undefined && (commitment.companyId ?? null) !== input.companyId) continue;
    const week = weekOf(commitment.week);
    const own = byWeek.get(week);
    if (own === undefined) byWeek.set(week, [commitment]);
    else own.push(commitment);
  }
  return weeksBetween(input.from, input.to).map((week) => ({ week, ...ppcOf(byWeek.get(week) ?? []) }));
}

export type ParetoBar = {
  cause: string;
  count: number;
  /** count ÷ all 'No cumplido' × 100, one decimal */
  percent: number;
  /** the counts so far ÷ all × 100, one decimal: the last bar is 100 */
  cumulativePercent: number;
  /** false: a cause since removed from the project's list, or NO_CAUSE_LABEL */
  inList: boolean;
};

/**
 * The Pareto of the causes of the 'No cumplido' commitments given (the caller's scope): one bar
 * per cause used, by count, most first; ties in the order of the project's `causes`, then the causes
 * no longer in the list (es-CL), then 'Sin causa'. A cause matches its list item case and accents
 * aside and takes the list's spelling. Causes with no commitment have no bar.
 */
export function causePareto(commitments: readonly PpcCommitment[], causes: readonly string[]): ParetoBar[] {
  const listed = new Map(causes.map((cause, index) => [listItemKey(cause), { cause: cause.trim(), index }]));
  const counts = new Map<string, { cause: string; count: number; rank: number; inList: boolean }>();
  let total = 0;
  for (const commitment of commitments) {
    if (commitment.outcome !== 'no-cumplido') continue;
    total += 1;
    const typed = (commitment.cause ?? '').trim();
    const key = typed === '' ? null : listItemKey(typed);
    const item = key === null ? undefined : listed.get(key);
    const mapKey = key ?? '\u0000';
    const bar = counts.get(mapKey) ?? {
      cause: item?.cause ?? (key === null ? NO_CAUSE_LABEL : typed),
      count: 0,
      rank: item?.index ?? (key === null ? Number.MAX_SAFE_INTEGER : causes.length),
      inList: item !== undefined,
    };
    bar.count += 1;
    counts.set(mapKey, bar);
  }
  const sorted = [...counts.values()].sort(
    (a, b) => b.count - a.count || a.rank - b.rank || a.cause.localeCompare(b.cause, 'es-CL'),
  );
  let running = 0;
  return sorted.map((bar) => {
    running += bar.count;
    return {
      cause: bar.cause,
      count: bar.count,
      percent: percent(bar.count, total),
      cumulativePercent: percent(running, total),
      inList: bar.inList,
    };
  });
}
