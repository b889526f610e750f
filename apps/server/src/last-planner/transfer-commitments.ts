import { formatCount, formatIsoDate } from '@cimiento/domain';
import { projectEventChange } from '@cimiento/domain/history';
import { progressFromCommitments, transferCommitmentsContract } from '@cimiento/domain/last-planner';
import type { TransferCommitment } from '@cimiento/domain/last-planner';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { chunks } from '../db/db-helpers';
import { saveProgress } from '../tracking/save-progress';
import { amountOfRow, readPlannerGantt } from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/**
 * transferCommitments {id, cutoff, version, dryRun} ('Pasar al avance', issue 36): the fulfilled
 * commitments not yet passed become progress at the cut-off (the domain's progressFromCommitments),
 * written through saveProgress with its own rules (the cut-off not before the latest, each entry
 * checked, the Gantt's version) in one transaction that also marks the commitments passed. The dry
 * run answers the same without writing.
 */
export const handleTransferCommitments = defineHandler(
  transferCommitmentsContract,
  async ({ id, cutoff, version, dryRun }, { db, caller }) => {
    await liveProjectName(db, id);
    const [gantt, rows] = await Promise.all([
      readPlannerGantt(db, id),
      db
        .selectFrom('lp_commitment')
        .selectAll()
        .where('project_id', '=', id)
        .where('outcome', '=', 'cumplido')
        .where('transferred_cutoff', 'is', null)
        .orderBy('week')
        .orderBy('created_at')
        .execute(),
    ]);
    const commitments: TransferCommitment[] = rows.map((row) => ({
      id: row.id,
      taskId: Number(row.task_id),
      week: row.week,
      amount: amountOfRow(row),
      outcome: 'cumplido',
    }));
    const transfer = progressFromCommitments({ commitments, tasks: gantt.tasks, cutoff });
    const tasks = transfer.tasks.map((task) => {
      const stored = gantt.byId.get(task.entry.TaskID);
      return {
        taskId: task.entry.TaskID,
        code: stored?.code ?? '',
        name: stored?.name ?? '',
        previousProgress: task.previousProgress,
        progress: task.entry.Progress,
        capped: task.capped,
        commitments: task.commitments.length,
      };
    });
    const skipped = transfer.skipped.map((skip) => ({ commitmentId: skip.commitment.id ?? null, reason: skip.reason }));
    const passed = transfer.tasks.flatMap((task) => task.commitments.map((commitment) => commitment.id ?? ''));
    const summary = `${formatCount(tasks.length, 'tarea', 'tareas')} de ${formatCount(passed.length, 'compromiso cumplido', 'compromisos cumplidos')}`;
    if (dryRun || tasks.length === 0) {
      if (!dryRun && tasks.length === 0) {
        throw new HttpsError(
          'FAILED_PRECONDITION',
          'No hay compromisos cumplidos que registren avance a esa fecha de corte',
        );
      }
      return {
        cutoff,
        tasks,
        skipped,
        saved: false,
        version: gantt.version,
        message: `Pasar al avance al ${formatIsoDate(cutoff)}: ${summary}${skipped.length === 0 ? '' : `; ${formatCount(skipped.length, 'compromiso no registra', 'compromisos no registran')} avance`}`,
      };
    }
    const output = await saveProgress(
      db,
      id,
      { cutoff, entries: transfer.entries, version },
      { userId: caller.userId, name: caller.name },
      'transferCommitments',
      async (trx) => {
        for (const part of chunks(passed)) {
          const marked = await trx
            .updateTable('lp_commitment')
            .set((eb) => ({ transferred_cutoff: cutoff, version: eb('version', '+', 1) }))
            .where('project_id', '=', id)
            .where('id', 'in', part)
            .where('transferred_cutoff', 'is', null)
            .where('outcome', '=', 'cumplido')
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== part.length) {
            throw new HttpsError(
              'ABORTED',
              'Otra persona cambió los compromisos mientras se pasaban al avance: vuelve a intentarlo',
            );
          }
        }
        await recordChange(
          trx,
          id,
          { caller, functionName: 'transferCommitments' },
          'lastPlanner',
          projectEventChange({
            kind: 'commitments-transferred',
            cutoff,
            tasks: tasks.length,
            commitments: passed.length,
            skipped: skipped.length,
          }),
        );
      },
    );
    return {
      cutoff,
      tasks,
      skipped,
      saved: true,
      version: output.version,
      message: `Avance registrado al ${formatIsoDate(cutoff)} desde el plan semanal: ${summary}`,
    };
  },
);
