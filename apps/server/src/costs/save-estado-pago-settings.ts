import { projectEventChange } from '@cimiento/domain/history';
import { saveEstadoPagoSettingsContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { EstadoPagoSettings } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { readSettings, projectNotFound } from './estado-pago-queries';

/** saveEstadoPagoSettings: the contract's terms, for drafts and later EPs. */
export async function saveEstadoPagoSettings(
  db: Kysely<Database>,
  projectId: string,
  settings: EstadoPagoSettings,
  author: ChangeAuthor,
): Promise<{ settings: EstadoPagoSettings; message: string }> {
  const saved = await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, projectId);
    const result = await trx
      .updateTable('project')
      .set({
        ep_contract: settings.contract,
        ep_contractor: settings.contractor,
        ep_retention_percent: settings.retentionPercent,
        ep_retention_cap_percent: settings.retentionCapPercent,
        ep_advance_amount: settings.advanceAmount,
        ep_vat_percent: settings.vatPercent,
      })
      .where('_id', '=', projectId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw projectNotFound();
    const after = await readSettings(trx, projectId);
    const changes = settingsLabels.flatMap(([key, label]) =>
      before[key] === after[key] ? [] : [{ label, from: before[key], to: after[key] }],
    );
    await recordChange(trx, projectId, author, 'costs', projectEventChange({ kind: 'estado-pago-settings', changes }));
    return after;
  });
  return {
    settings: saved,
    message: 'Condiciones del contrato guardadas: se aplican a los borradores y a los próximos estados de pago',
  };
}

/** The contract's conditions as the screen names them ('Condiciones del contrato'). */
const settingsLabels: ReadonlyArray<readonly [keyof EstadoPagoSettings, string]> = [
  ['contract', 'Contrato'],
  ['contractor', 'Contratista'],
  ['retentionPercent', 'Retención %'],
  ['retentionCapPercent', 'Tope retención % del contrato'],
  ['advanceAmount', 'Anticipo'],
  ['vatPercent', 'IVA %'],
];

/** 'Condiciones del contrato': the terms drafts and later EPs are computed with (never an approved one). */
export const handleSaveEstadoPagoSettings = defineHandler(
  saveEstadoPagoSettingsContract,
  async ({ id, settings }, { db, caller }) =>
    saveEstadoPagoSettings(db, id, settings, { caller, functionName: 'saveEstadoPagoSettings' }),
);
