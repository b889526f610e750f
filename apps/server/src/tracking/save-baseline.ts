import { saveBaselineContract } from '@cimiento/domain';
import { saveBaseline } from './baseline-queries';
import { defineHandler } from '../core/define-handler';

/** 'Fijar línea base': freezes the stored Gantt's schedule under a name, recorded by the caller; it becomes the chosen one. */
export const handleSaveBaseline = defineHandler(saveBaselineContract, async ({ id, name }, { db, caller }) =>
  saveBaseline(db, id, name, caller),
);
