import { loadUfValuesContract } from '@cimiento/domain';
import { loadUfValues, ufCount } from './uf-queries';
import { defineHandler } from '../core/define-handler';

/** loadUfValues (issue 16): the UF values in [from, to] by date, and the count and range of all those stored. */
export const handleLoadUfValues = defineHandler(loadUfValuesContract, async (input, { db }) => {
  const range = await loadUfValues(db, { from: input?.from, to: input?.to });
  return { ...range, message: `${ufCount(range.values.length)} cargados` };
});
