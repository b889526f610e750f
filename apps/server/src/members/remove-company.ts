import { projectEventChange } from '@cimiento/domain/history';
import { removeCompanyContract } from '@cimiento/domain/members';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { liveProjectName, projectCompany } from './member-queries';

/** removeCompany {id, companyId}: refused while members work for it (it says how many). */
export const handleRemoveCompany = defineHandler(removeCompanyContract, async ({ id, companyId }, { db, caller }) => {
  const name = await db.transaction().execute(async (trx) => {
    const projectName = await liveProjectName(trx, id);
    const company = await projectCompany(trx, id, companyId);
    const row = await trx
      .selectFrom('project_member')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    const members = Number(row.n);
    if (members > 0) {
      throw new HttpsError(
        'FAILED_PRECONDITION',
        `${company.name} tiene ${members} ${members === 1 ? 'miembro' : 'miembros'} en el proyecto: cámbialos de empresa o quítalos antes de eliminarla`,
      );
    }
    await trx.deleteFrom('project_company').where('id', '=', companyId).execute();
    const change = projectEventChange({ kind: 'company-removed', name: company.name, rut: company.rut });
    await recordChange(trx, id, { caller, functionName: 'removeCompany' }, 'project', change, projectName);
    return company.name;
  });
  return { message: `Empresa ${name} eliminada` };
});
