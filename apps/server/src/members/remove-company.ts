import { formatCount } from '@cimiento/domain';
import { projectEventChange } from '@cimiento/domain/history';
import { removeCompanyContract } from '@cimiento/domain/members';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { liveProjectName, projectCompany } from './member-queries';

function formatCountOrNone(count: number, one: string, many: string): string | undefined {
  return count === 0 ? undefined : formatCount(count, one, many);
}

/** 'a', 'a y b', 'a, b y c'. */
function listText(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1) ?? ''}`;
}

/**
 * removeCompany {id, companyId}: refused while members work for it, tasks are assigned to it or it has
 * commitments of the weekly plan (it says how many of each).
 */
export const handleRemoveCompany = defineHandler(removeCompanyContract, async ({ id, companyId }, { db, caller }) => {
  const name = await db.transaction().execute(async (trx) => {
    const projectName = await liveProjectName(trx, id);
    const company = await projectCompany(trx, id, companyId);
    const count = async (table: 'project_member' | 'task_company' | 'lp_commitment') =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('project_id', '=', id)
            .where('company_id', '=', companyId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // issue 36: the tasks it does and its commitments (the PPC's history) hold it too
    const commitments = await count('lp_commitment');
    const holds = [
      formatCountOrNone(await count('project_member'), 'miembro', 'miembros'),
      formatCountOrNone(await count('task_company'), 'tarea asignada', 'tareas asignadas'),
      formatCountOrNone(commitments, 'compromiso del plan semanal', 'compromisos del plan semanal'),
    ].filter((part): part is string => part !== undefined);
    if (holds.length > 0) {
      const why =
        commitments > 0
          ? 'sus compromisos cuentan en el PPC, así que la empresa se conserva'
          : 'cámbialos de empresa o quítalos antes de eliminarla';
      throw new HttpsError('FAILED_PRECONDITION', `${company.name} tiene ${listText(holds)} en el proyecto: ${why}`);
    }
    await trx.deleteFrom('project_company').where('id', '=', companyId).execute();
    const change = projectEventChange({ kind: 'company-removed', name: company.name, rut: company.rut });
    await recordChange(trx, id, { caller, functionName: 'removeCompany' }, 'project', change, projectName);
    return company.name;
  });
  return { message: `Empresa ${name} eliminada` };
});
