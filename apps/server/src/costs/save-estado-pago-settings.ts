import { saveEstadoPagoSettingsContract } from '@cimiento/domain';
import { saveEstadoPagoSettings } from './estado-pago-queries';
import { defineHandler } from '../core/define-handler';

/** 'Condiciones del contrato': the terms drafts and later EPs are computed with (never an approved one). */
export const handleSaveEstadoPagoSettings = defineHandler(
  saveEstadoPagoSettingsContract,
  async ({ id, settings }, { db, caller }) =>
    saveEstadoPagoSettings(db, id, settings, { caller, functionName: 'saveEstadoPagoSettings' }),
);
