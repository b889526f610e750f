import { loadEstadosPagoContract } from '@cimiento/domain';
import { loadEstadosPago } from './estado-pago-queries';
import { defineHandler } from '../core/define-handler';

/** 'Estados de pago': the project's EPs, with `number` that one whole, its contract's terms and the cut-offs left. */
export const handleLoadEstadosPago = defineHandler(loadEstadosPagoContract, async ({ id, number }, { db }) =>
  loadEstadosPago(db, id, number),
);
