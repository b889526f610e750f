import { saveEstadoPagoContract } from '@cimiento/domain';
import { saveEstadoPago } from './estado-pago-queries';
import { defineHandler } from '../core/define-handler';

/** 'Nuevo estado de pago' at a recorded cut-off (the next N°), or 'Recalcular' a draft at its own. */
export const handleSaveEstadoPago = defineHandler(saveEstadoPagoContract, async ({ id, cutoff }, { db, caller }) =>
  saveEstadoPago(db, id, cutoff, caller),
);
