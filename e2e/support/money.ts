import { expect } from 'vitest';
import { callFunction } from './api';
import type { GanttOutput, SeededGantt } from './gantt';

/*
 * Issue 33, deletions that touch money say so: a seeded Gantt project (seedGanttProject with the
 * EDC on ELA.1.1: M, M.1, ACT1, ACT2, ACT3, each activity 5 working days from 02-01-2026) made to
 * carry money, by hand:
 * - ELA.1.1 priced 12 gl × $1.000 = $12.000, spread $4.000 on each activity;
 * - cut-off 06-01-2026: ACT1 done, ACT2 at 20 %, ACT3 at 0: ELA.1.1 at (100 + 20 + 0) / 3 = 40 %,
 *   earned $4.000 + $800 = $4.800;
 * - EP N°1 at that cut-off, approved: it pays $4.800 on ELA.1.1;
 * - baseline «LB Contrato» fixed after it.
 */
export async function seedPaidItem(seeded: SeededGantt, baseUrl: string): Promise<void> {
  const call = <T>(name: string, data: unknown) => callFunction<T>(baseUrl, name, data, seeded.cookie);
  const id = seeded.project._id;
  const { project } = await call<{ project: { edp: { items: Array<{ code: string }>; version: number } } }>(
    'loadProject',
    { id },
  );
  await call('saveEdp', {
    id,
    edp: {
      items: project.edp.items.map((item) =>
        item.code === 'ELA.1.1' ? { ...item, unit: 'gl', quantity: '12', unitPrice: '1000' } : item,
      ),
      version: project.edp.version,
    },
  });
  const gantt = await seeded.loadGantt();
  const start = gantt.activities.findIndex((task) => task.TaskCode === 'ELA.1.1');
  const taskId = (code: string) => {
    const task = gantt.activities.slice(start).find((candidate) => candidate.TaskCode === code);
    if (!task) throw new Error(`no task ${code}`);
    return task.TaskID;
  };
  await call<GanttOutput>('saveProgress', {
    id,
    cutoff: '2026-01-06',
    entries: [
      { TaskID: taskId('ACT1'), ActualStart: '2026-01-02', ActualFinish: '2026-01-05', Progress: 100 },
      { TaskID: taskId('ACT2'), ActualStart: '2026-01-02', Progress: 20 },
    ],
    version: gantt.version,
  });
  const { estadoPago } = await call<{ estadoPago: { lines: Array<{ code: string; periodAmount: string }> } }>(
    'saveEstadoPago',
    { id, cutoff: '2026-01-06' },
  );
  expect(estadoPago.lines.find((line) => line.code === 'ELA.1.1')?.periodAmount).toBe('4800');
  await call('approveEstadoPago', { id, number: 1 });
  await call('saveBaseline', { id, name: 'LB Contrato' });
}
