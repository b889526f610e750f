import { formatIsoDate } from '@cimiento/domain';
import {
  PPC_TARGET,
  causePareto,
  loadPpcContract,
  ppcByCompany,
  ppcOf,
  ppcTrend,
  weekEnd,
  weekOf,
} from '@cimiento/domain/last-planner';
import type { Commitment } from '@cimiento/domain/last-planner';
import type { Kysely } from 'kysely';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import type { Database } from '../db/schema';
import { plannerToday, readCompanyRefs, readSettings } from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/**
 * loadPpc ('PPC y causas', issue 36): over the weeks from `from` to `to` (absent: the first week with
 * a commitment, and this week), the PPC of the whole, per week (the trend, a week with nothing closed
 * a gap) and per company, and the Pareto of the causes of non-fulfilment; of one company when asked.
 * The domain's ppcOf, ppcTrend, ppcByCompany and causePareto.
 */
export async function loadPpc(
  db: Kysely<Database>,
  projectId: string,
  request: { from?: string | undefined; to?: string | undefined; companyId?: string | undefined },
  today: string = plannerToday(),
) {
  await liveProjectName(db, projectId);
  const [settings, companies, rows] = await Promise.all([
    readSettings(db, projectId),
    readCompanyRefs(db, projectId),
    db
      .selectFrom('lp_commitment')
      .select(['week', 'company_id', 'outcome', 'cause'])
      .where('project_id', '=', projectId)
      .orderBy('week')
      .execute(),
  ]);
  if (request.companyId !== undefined && !companies.some((company) => company.id === request.companyId)) {
    throw new HttpsError('INVALID_ARGUMENT', 'Empresa: no es una empresa del proyecto');
  }
  const all: Pick<Commitment, 'week' | 'companyId' | 'outcome' | 'cause'>[] = rows.map((row) => ({
    week: row.week,
    companyId: row.company_id,
    outcome: row.outcome === 'cumplido' || row.outcome === 'no-cumplido' ? row.outcome : null,
    cause: row.cause,
  }));
  const from = weekOf(request.from ?? all[0]?.week ?? today);
  const to = weekOf(request.to ?? (today > (all.at(-1)?.week ?? today) ? today : (all.at(-1)?.week ?? today)));
  if (to < from) throw new HttpsError('INVALID_ARGUMENT', 'Hasta: debe ser igual o posterior a Desde');
  const inRange = all.filter((commitment) => commitment.week >= from && commitment.week <= to);
  const scoped =
    request.companyId === undefined
      ? inRange
      : inRange.filter((commitment) => commitment.companyId === request.companyId);
  const overall = ppcOf(scoped);
  const trend = ppcTrend({
    commitments: inRange,
    from,
    to,
    ...(request.companyId === undefined ? {} : { companyId: request.companyId }),
  });
  const figure =
    overall.ppc === null
      ? 'sin compromisos cerrados'
      : `PPC ${overall.ppc.toLocaleString('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
  return {
    from,
    to,
    target: PPC_TARGET,
    overall,
    trend,
    byCompany: ppcByCompany(inRange, companies),
    pareto: causePareto(scoped, settings.causes),
    companies,
    message: `Semanas del ${formatIsoDate(from)} al ${formatIsoDate(weekEnd(to))}: ${figure}`,
  };
}

export const handleLoadPpc = defineHandler(loadPpcContract, async ({ id, from, to, companyId }, { db }) =>
  loadPpc(db, id, { from, to, companyId }),
);
