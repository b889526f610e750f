import { projectEventChange } from '@cimiento/domain/history';
import { saveCompanyContract } from '@cimiento/domain/members';
import { v7 as uuidv7 } from 'uuid';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { isUniqueViolation } from '../db/db-helpers';
import { companyKindText, liveProjectName, projectCompany, readCompanies } from './member-queries';

function rutTaken(rut: string): HttpsError {
  return new HttpsError('ALREADY_EXISTS', `RUT: ya hay una empresa con el RUT ${rut} en este proyecto`);
}

/**
 * saveCompany {id, company: {id?, name, rut, kind}}: adds a company to the project ('Empresas') or
 * changes one. The RUT is checked by its check digit at the edge (the contract) and is unique in
 * the project.
 */
export const handleSaveCompany = defineHandler(saveCompanyContract, async ({ id, company }, { db, caller }) => {
  try {
    const saved = await db.transaction().execute(async (trx) => {
      const projectName = await liveProjectName(trx, id);
      const clash = await trx
        .selectFrom('project_company')
        .select('id')
        .where('project_id', '=', id)
        .where('rut', '=', company.rut)
        .executeTakeFirst();
      if (clash && clash.id !== company.id) throw rutTaken(company.rut);
      const created = company.id === undefined;
      const companyId = company.id ?? uuidv7();
      if (created) {
        await trx
          .insertInto('project_company')
          .values({
            id: companyId,
            project_id: id,
            name: company.name,
            rut: company.rut,
            kind: company.kind,
            created_at: new Date().toISOString(),
          })
          .execute();
      } else {
        await projectCompany(trx, id, companyId);
        await trx
          .updateTable('project_company')
          .set({ name: company.name, rut: company.rut, kind: company.kind })
          .where('id', '=', companyId)
          .execute();
      }
      const change = projectEventChange({
        kind: 'company-saved',
        name: company.name,
        rut: company.rut,
        companyKind: companyKindText(company.kind),
        created,
      });
      await recordChange(trx, id, { caller, functionName: 'saveCompany' }, 'project', change, projectName);
      const answer = (await readCompanies(trx, id)).find((candidate) => candidate.id === companyId);
      if (!answer) throw new HttpsError('INTERNAL', 'La empresa no quedó grabada');
      return { answer, created };
    });
    return {
      company: saved.answer,
      message: `Empresa ${saved.answer.name} ${saved.created ? 'agregada' : 'grabada'}`,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw rutTaken(company.rut);
    throw error;
  }
});
