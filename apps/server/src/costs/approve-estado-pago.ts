import { approveEstadoPagoContract } from '@cimiento/domain';
import { approveEstadoPago } from './estado-pago-queries';
import { defineHandler } from '../core/define-handler';

/** 'Aprobar': freezes a draft EP as it stands, recorded by the caller. */
export const handleApproveEstadoPago = defineHandler(
  approveEstadoPagoContract,
  async ({ id, number }, { db, caller }) => approveEstadoPago(db, id, number, caller),
);
