import { projectEventChange } from '@cimiento/domain/history';
import type { FieldChange } from '@cimiento/domain/history';
import { projectListErrors, saveLastPlannerSettingsContract } from '@cimiento/domain/last-planner';
import type { LastPlannerSettings } from '@cimiento/domain/last-planner';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { readSettings } from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

const fromLabels = { cutoff: 'desde el último corte', today: 'desde hoy' } as const;

function settingsChanges(before: LastPlannerSettings, after: LastPlannerSettings): FieldChange[] {
  const changes: FieldChange[] = [];
  if (before.lookAheadWeeks !== after.lookAheadWeeks)
    changes.push({
      label: 'Semanas de la intermedia',
      from: String(before.lookAheadWeeks),
      to: String(after.lookAheadWeeks),
    });
  if (before.lookAheadFrom !== after.lookAheadFrom)
    changes.push({
      label: 'Inicio de la intermedia',
      from: fromLabels[before.lookAheadFrom],
      to: fromLabels[after.lookAheadFrom],
    });
  if (before.constraintTypes.join('\n') !== after.constraintTypes.join('\n'))
    changes.push({
      label: 'Tipos de restricción',
      from: before.constraintTypes.join(', '),
      to: after.constraintTypes.join(', '),
    });
  if (before.causes.join('\n') !== after.causes.join('\n'))
    changes.push({ label: 'Causas de no cumplimiento', from: before.causes.join(', '), to: after.causes.join(', ') });
  return changes;
}

/**
 * saveLastPlannerSettings {id, settings}: the look-ahead's weeks (3–6) and start (the cut-off or
 * today), and the project's lists of constraint types and causes of non-fulfilment (each 1–30 items
 * of 1–60 characters, none twice, case and accents aside). Records already made keep the text they
 * were given.
 */
export const handleSaveLastPlannerSettings = defineHandler(
  saveLastPlannerSettingsContract,
  async ({ id, settings }, { db, caller }) => {
    const constraintTypes = settings.constraintTypes.map((item) => item.trim());
    const causes = settings.causes.map((item) => item.trim());
    const errors = [
      ...projectListErrors(constraintTypes, 'Tipos de restricción'),
      ...projectListErrors(causes, 'Causas de no cumplimiento'),
    ];
    if (errors.length > 0) throw new HttpsError('INVALID_ARGUMENT', errors.join('; '));
    const next: LastPlannerSettings = {
      lookAheadWeeks: settings.lookAheadWeeks,
      lookAheadFrom: settings.lookAheadFrom,
      constraintTypes,
      causes,
    };
    const changes = await db.transaction().execute(async (trx) => {
      const projectName = await liveProjectName(trx, id);
      const before = await readSettings(trx, id);
      const values = {
        look_ahead_weeks: next.lookAheadWeeks,
        look_ahead_from: next.lookAheadFrom,
        constraint_types: JSON.stringify(next.constraintTypes),
        causes: JSON.stringify(next.causes),
        updated_at: new Date().toISOString(),
      };
      await trx
        .insertInto('project_last_planner')
        .values({ project_id: id, ...values })
        .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
        .execute();
      const changed = settingsChanges(before, next);
      if (changed.length > 0) {
        await recordChange(
          trx,
          id,
          { caller, functionName: 'saveLastPlannerSettings' },
          'lastPlanner',
          projectEventChange({ kind: 'last-planner-settings', changes: changed }),
          projectName,
        );
      }
      return changed;
    });
    return {
      settings: next,
      message:
        changes.length === 0 ? 'Configuración del Last Planner sin cambios' : 'Configuración del Last Planner grabada',
    };
  },
);
