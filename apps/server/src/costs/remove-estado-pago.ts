import { removeEstadoPagoContract } from '@cimiento/domain';
import { removeEstadoPago } from './estado-pago-queries';
import { defineHandler } from '../core/define-handler';

/** 'Eliminar' a draft EP; an approved one is refused. */
export const handleRemoveEstadoPago = defineHandler(removeEstadoPagoContract, async ({ id, number }, { db, caller }) =>
  removeEstadoPago(db, id, number, { caller, functionName: 'removeEstadoPago' }),
);
