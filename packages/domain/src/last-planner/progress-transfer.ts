import { formatIsoDate } from '../format/dates';
import type { ProgressEntry } from '../gantt/progress-entries';
import type { Commitment, CommitmentTask } from './weekly-plan';
import { commitmentAmountText, taskLabel } from './weekly-plan';
import { weekEnd } from './weeks';

/**
 * Issue 36, 'Pasar al avance' (docs/LAST-PLANNER.md "Pasar al avance"): the fulfilled commitments
 * become the progress entries to record at the next cut-off. A % commitment adds to the task's
 * progress; a quantity adds quantity ÷ the task's quantity × 100 when the task's quantity is known;
 * the sum is capped at 100. A description records nothing and is listed as such. Pure: the server
 * passes the entries through saveProgress's own rules (progressEntryErrors) before writing.
 */

/** Progress is kept with two decimals at most (3 of 7 m³ is 42,86 %). */
export const TRANSFER_PROGRESS_DECIMALS = 2;

export type TransferTask = Pick<CommitmentTask, 'id' | 'code' | 'name' | 'progress' | 'actualFinish' | 'isSummary'> & {
  /** the task's quantity in its unit (an EDC activity's), when known */
  quantity?: number | null;
  unit?: string | null;
  /** YYYY-MM-DD: the scheduled start, the best guess of an actual start inside the week */
  start?: string;
  actualStart?: string | null;
};

export type TransferCommitment = Pick<Commitment, 'taskId' | 'week' | 'amount' | 'outcome'> & { id?: string };

export type TransferredTask = {
  entry: ProgressEntry;
  previousProgress: number;
  /** the sum reached beyond 100 and was cut to it */
  capped: boolean;
  commitments: TransferCommitment[];
};

export type SkippedCommitment = { commitment: TransferCommitment; reason: string };

export type ProgressTransfer = {
  /** one per task, by TaskID: what saveProgress receives */
  entries: ProgressEntry[];
  /** the same, with what each came from (the screen's preview; the server marks these commitments) */
  tasks: TransferredTask[];
  /** the commitments that record nothing, each with its Spanish reason */
  skipped: SkippedCommitment[];
};

function round(value: number): number {
  const scale = 10 ** TRANSFER_PROGRESS_DECIMALS;
  return Math.round(value * scale) / scale;
}

function clamp(day: string, first: string, last: string): string {
  if (day < first) return first;
  return day > last ? last : day;
}

/** The % a commitment adds to its task, or the Spanish reason it adds nothing. */
function addedPercent(commitment: TransferCommitment, task: TransferTask): number | string {
  const { amount } = commitment;
  if (amount.kind === 'percent') return amount.percent;
  if (amount.kind === 'description') return 'es una descripción: no registra avance';
  const quantity = task.quantity ?? null;
  if (quantity === null || !Number.isFinite(quantity) || quantity <= 0)
    return 'la tarea no tiene cantidad: una cantidad no se convierte en avance';
  return (amount.quantity / quantity) * 100;
}

/**
 * The progress entries the fulfilled `commitments` make at `cutoff` from the tasks' current progress.
 * Per task, the % its fulfilled commitments add (their sum, capped at 100, two decimals). The actual
 * start is the task's, else its scheduled start held inside its first commitment's week and not after
 * the cut-off; at 100 % the actual finish is the last commitment's Sunday, or the cut-off when that
 * is earlier. Skipped, with a reason: a commitment not fulfilled, of a week after the cut-off, of a
 * task no longer in the Gantt, a summary or finished, a description, a quantity on a task with no
 * quantity.
 */
export function progressFromCommitments(input: {
  commitments: readonly TransferCommitment[];
  tasks: readonly TransferTask[];
  /** YYYY-MM-DD: the cut-off the entries are recorded at */
  cutoff: string;
}): ProgressTransfer {
  const tasks = new Map(input.tasks.map((task) => [task.id, task]));
  const skipped: SkippedCommitment[] = [];
  const added = new Map<number, { percent: number; commitments: TransferCommitment[] }>();
  for (const commitment of input.commitments) {
    const task = tasks.get(commitment.taskId);
    const week = formatIsoDate(commitment.week);
    const label = task === undefined ? `La tarea ${commitment.taskId}` : taskLabel(task);
    const skip = (why: string) =>
      skipped.push({
        commitment,
        reason: `${label}, semana del ${week} (${commitmentAmountText(commitment.amount, task?.unit)}): ${why}`,
      });
    if (commitment.outcome !== 'cumplido') skip('no está cumplido');
    else if (commitment.week > input.cutoff) skip(`es posterior a la fecha de corte (${formatIsoDate(input.cutoff)})`);
    else if (task === undefined) skip('ya no está en el Gantt');
    else if (task.isSummary === true) skip('es un resumen: su avance se calcula de sus tareas');
    else if ((task.actualFinish ?? null) !== null || task.progress >= 100) skip('la tarea ya está terminada');
    else {
      const percent = addedPercent(commitment, task);
      if (typeof percent === 'string') skip(percent);
      else {
        const sum = added.get(task.id) ?? { percent: 0, commitments: [] };
        sum.percent += percent;
        sum.commitments.push(commitment);
        added.set(task.id, sum);
      }
    }
  }

  const transferred: TransferredTask[] = [...added.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, sum]) => {
      const task = tasks.get(id) as TransferTask;
      const reached = round(task.progress + sum.percent);
      const progress = Math.min(100, reached);
      const weeks = sum.commitments.map((commitment) => commitment.week).sort();
      const firstWeek = weeks[0] as string;
      const lastWeek = weeks.at(-1) as string;
      const latestStart = weekEnd(firstWeek) < input.cutoff ? weekEnd(firstWeek) : input.cutoff;
      const actualStart = task.actualStart ?? clamp(task.start ?? firstWeek, firstWeek, latestStart);
      const entry: ProgressEntry = { TaskID: id, ActualStart: actualStart, Progress: progress };
      if (progress === 100) {
        const finish = weekEnd(lastWeek) < input.cutoff ? weekEnd(lastWeek) : input.cutoff;
        entry.ActualFinish = finish < actualStart ? actualStart : finish;
      }
      return { entry, previousProgress: task.progress, capped: reached > 100, commitments: sum.commitments };
    });
  return { entries: transferred.map((task) => task.entry), tasks: transferred, skipped };
}
