import { ganttChange, sequencingLabels } from '@cimiento/domain/history';
import { formatCount, reconcileGeneratedLinks, regenerateGanttSequenceContract, sequenceGantt } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { GanttLinkRecord, GanttOutput, SequencingMode } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { readProject, writeGantt, readBaselineDates } from './gantt-queries';
import type { ProjectGanttRow } from './gantt-queries';
import { readMerged, sequencedLinks } from './gantt-merge';
import { scheduledOrThrow, toOutput } from './gantt-schedule';
import { claimVersionOrRefuse } from './gantt-version';
import { readItemAmounts } from '../edp/edp-queries';

/**
 * regenerateGanttSequence ('Regenerar secuencia', issue 13): on the version the screen loaded
 * (stale → ABORTED, nothing written), sets the project's sequencing option (moving the project's
 * version on when it changes, as the work week does: it is a project option), forgets the
 * generated links the user deleted, and replaces the generated links with the rules' (after the
 * usual merge with the EDP and EDC). Every user link and every task field stays.
 */
export async function regenerateGanttSequence(
  db: Kysely<Database>,
  projectId: string,
  sequencing: SequencingMode,
  version: number,
  author: ChangeAuthor,
): Promise<GanttOutput> {
  const state = await db.transaction().execute(async (trx) => {
    await claimVersionOrRefuse(trx, projectId, version);
    const current = await readProject(trx, projectId);
    if (current.sequencing !== sequencing) {
      await trx
        .updateTable('project')
        .set((eb) => ({ sequencing, version: eb('version', '+', 1) }))
        .where('_id', '=', projectId)
        .execute();
    }
    await trx.deleteFrom('gantt_removed_link').where('project_id', '=', projectId).execute();
    const project: ProjectGanttRow = { ...current, sequencing };
    const { edpItems, edc, maxUnitsOf, stored, storedLinks, merged } = await readMerged(trx, projectId, project);
    const reconciled = reconcileGeneratedLinks({
      tasks: merged.tasks,
      links: merged.links,
      sequence: sequenceGantt(edpItems, edc, sequencing, maxUnitsOf),
      removed: new Set(),
    });
    const { links, result } = sequencedLinks(merged.tasks, merged.links, reconciled.links, project);
    // a Gantt that cannot be scheduled even so is refused before anything is kept
    const scheduled = scheduledOrThrow(result);
    await writeGantt(trx, projectId, { tasks: stored, links: storedLinks }, { tasks: merged.tasks, links });
    // issue 19: the history entry, from what was read and written here
    const history = ganttChange(
      { tasks: stored, links: storedLinks },
      { tasks: merged.tasks, links },
      {
        prefix: 'Gantt (regenerar secuencia)',
        notes:
          current.sequencing === sequencing
            ? []
            : [
                `Secuencia: ${sequencingLabels[current.sequencing] ?? current.sequencing} → ${sequencingLabels[sequencing] ?? sequencing}`,
              ],
      },
    );
    await recordChange(trx, projectId, author, 'gantt', history);
    return { project, tasks: merged.tasks, links, scheduled, storedLinks };
  });

  const { scheduled } = state;
  // the counts from what was stored and what is now: FS lag 0 generated links by their two tasks
  const generatedPairs = (links: readonly GanttLinkRecord[]) =>
    new Set(links.filter((link) => link.generated === true).map((link) => `${link.from}>${link.to}`));
  const before = generatedPairs(state.storedLinks);
  const after = generatedPairs(state.links);
  const added = [...after].filter((pair) => !before.has(pair)).length;
  const dropped = [...before].filter((pair) => !after.has(pair)).length;
  const own = state.links.length - after.size;
  return toOutput(
    state,
    scheduled,
    `Secuencia regenerada: ${formatCount(after.size, 'vínculo generado', 'vínculos generados')} ` +
      `(${formatCount(added, 'nuevo', 'nuevos')}, ${formatCount(dropped, 'quitado', 'quitados')}); ` +
      (own === 0
        ? 'no hay vínculos tuyos que conservar'
        : `${own === 1 ? 'se conserva' : 'se conservan'} ${formatCount(own, 'vínculo tuyo', 'vínculos tuyos')}`),
    await readBaselineDates(db, state.project.baselineId),
    await readItemAmounts(db, projectId),
  );
}

/** 'Regenerar secuencia': the project's sequencing option and the Gantt's generated links anew, on the version the screen loaded (stale → ABORTED). */
export const handleRegenerateGanttSequence = defineHandler(
  regenerateGanttSequenceContract,
  async ({ id, sequencing, version }, { db, caller }) =>
    regenerateGanttSequence(db, id, sequencing, version, { caller, functionName: 'regenerateGanttSequence' }),
);
