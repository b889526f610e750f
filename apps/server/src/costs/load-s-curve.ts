import { loadSCurveContract } from '@cimiento/domain';
import { loadSCurve } from './s-curve-queries';
import { defineHandler } from '../core/define-handler';

/** 'Curva S' (issue 16): planned against earned value at every month and cut-off, with SPI and CPI. */
export const handleLoadSCurve = defineHandler(loadSCurveContract, async ({ id, baselineId, edpItemId }, { db }) =>
  loadSCurve(db, id, { baselineId, edpItemId }),
);
