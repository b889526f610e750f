import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEdp, saveEdp } from '../../test/support/edp';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createGanttProject, loadGanttOk } from '../../test/support/gantt';
import { priceEdpItems, setProjectCurrency } from '../../test/support/prices';
import { saveProgressOk } from '../../test/support/progress';
import type { WireProgressEntry } from '../../test/support/progress';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { edcSourceKey } from '@cimiento/domain';
import type { EdpUsage } from '@cimiento/domain';

/*
 * Issue 33, deletions that touch money say so. createGanttProject's EDP 1 P · 2 P.1 · 3 P.1.1 ·
 * 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2 and its Gantt 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 ·
 * 7 ACT2 · 8 P.1.2 · 9 P.2 · 10 P.2.1 · 11 P.2.2, every leaf (6, 7, 8, 10, 11) 5 working days.
 * A CLP contract: P.1.1 = 10 × $1.000 = $10.000 (measured on ACT1 and ACT2), P.1.2 = 5 × $2.001 =
 * $10.005. By hand:
 * - cut-off 06-01-2026: ACT1 50 %, P.1.2 done. EP N°1 there, approved: P.1.1 at (50 + 0) / 2 =
 *   25 % pays $2.500; P.1.2 at 100 % pays $10.005.
 * - baseline «LB Contrato» fixed then.
 * - cut-off 13-01-2026 (the latest): ACT1 done, ACT2 50 %, P.1.2 done. P.1.1 at (100 + 50) / 2 = 75 %;
 *   P.1.2 100 %; P.1 (no leaf of its own: all three under it) (100 + 50 + 100) / 3 = 83,33 %;
 *   P (its five leaves) (100 + 50 + 100 + 0 + 0) / 5 = 50 %.
 */
const ACT1 = 6;
const ACT2 = 7;
const P12 = 8;

type WireLine = {
  edpItemId: number;
  code: string;
  previousPercent: string;
  periodPercent: string;
  accumulatedPercent: string;
  previousAmount: string;
  periodAmount: string;
  accumulatedAmount: string;
};

describe.each(databaseKinds)('loadEdpUsage: what a deletion touches of the money (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ok<T>(name: string, data: unknown): Promise<T> {
    const response = await callFunction(t.app, name, data, member.cookie);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
    return response.body.result as T;
  }

  async function record(projectId: string, cutoff: string, entries: WireProgressEntry[]) {
    const { version } = await loadGanttOk(t, member.cookie, projectId);
    await saveProgressOk(t, member.cookie, { id: projectId, cutoff, entries, version });
  }

  const usage = async (data: Record<string, unknown>) => (await ok<{ usage: EdpUsage }>('loadEdpUsage', data)).usage;

  async function paidProject() {
    const project = await createGanttProject(t, member.cookie, { prefix: 'DM' });
    await setProjectCurrency(t, member.cookie, project.id, 'CLP');
    await priceEdpItems(t, member.cookie, project.id, {
      3: { unit: 'm2', quantity: '10', unitPrice: '1000' },
      4: { unit: 'm2', quantity: '5', unitPrice: '2001' },
    });
    await record(project.id, '2026-01-06', [
      { TaskID: ACT1, ActualStart: '2026-01-02', Progress: 50 },
      { TaskID: P12, ActualStart: '2026-01-02', ActualFinish: '2026-01-05', Progress: 100 },
    ]);
    await ok('saveEstadoPago', { id: project.id, cutoff: '2026-01-06' });
    await ok('approveEstadoPago', { id: project.id, number: 1 });
    await ok('saveBaseline', { id: project.id, name: 'LB Contrato' });
    await record(project.id, '2026-01-13', [
      { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-07', Progress: 100 },
      { TaskID: ACT2, ActualStart: '2026-01-08', Progress: 50 },
      { TaskID: P12, ActualStart: '2026-01-02', ActualFinish: '2026-01-05', Progress: 100 },
    ]);
    return project;
  }

  it('names per item the progress at the latest cut-off, what each approved EP paid and the baselines', async () => {
    const project = await paidProject();
    const answer = await usage({ id: project.id });
    expect(answer.currency).toBe('CLP');
    const money = answer.items.map(({ id, progress, paid, baselines }) => ({ id, progress, paid, baselines }));
    expect(money).toEqual([
      { id: 1, progress: '50', paid: undefined, baselines: ['LB Contrato'] },
      { id: 2, progress: '83.33', paid: undefined, baselines: ['LB Contrato'] },
      { id: 3, progress: '75', paid: [{ number: 1, amount: '2500' }], baselines: ['LB Contrato'] },
      { id: 4, progress: '100', paid: [{ number: 1, amount: '10005' }], baselines: ['LB Contrato'] },
      // nothing recorded on P.2 and its leaves, nothing paid: their tasks and baseline only
      { id: 5, progress: undefined, paid: undefined, baselines: ['LB Contrato'] },
      { id: 6, progress: undefined, paid: undefined, baselines: ['LB Contrato'] },
      { id: 7, progress: undefined, paid: undefined, baselines: ['LB Contrato'] },
    ]);
    // a draft EP pays nothing yet
    await ok('saveEstadoPago', { id: project.id, cutoff: '2026-01-13' });
    const withDraft = await usage({ id: project.id });
    expect(withDraft.items.find((item) => item.id === 3)?.paid).toEqual([{ number: 1, amount: '2500' }]);
  });

  it('names what deleting exactly the asked tasks touches: their progress, baselines and paid partidas', async () => {
    const project = await paidProject();
    // ACT2 (the Gantt's question, by id): 50 %, in the baseline, part of P.1.1's partida
    const act2 = await usage({ id: project.id, taskIds: [ACT2] });
    expect(act2.selection).toEqual({
      progress: '50',
      baselines: ['LB Contrato'],
      partidas: [
        { id: 3, code: `${project.code}.1.1`, name: expect.any(String), paid: [{ number: 1, amount: '2500' }] },
      ],
    });
    // the EDC's question, by source key: M and everything under it, (100 + 50) / 2 = 75 %
    const edc = await usage({
      id: project.id,
      taskKeys: ['M', 'M.1', 'ACT1', 'ACT2'].map((code) => edcSourceKey(3, code)),
    });
    expect(edc.selection?.progress).toBe('75');
    expect(edc.selection?.partidas.map((partida) => partida.id)).toEqual([3]);
    // P.1's task and everything under it: P.1.1's and P.1.2's partidas, (100 + 50 + 100) / 3
    const p1 = await usage({ id: project.id, taskIds: [2, 3, 4, 5, ACT1, ACT2, P12] });
    expect(p1.selection?.progress).toBe('83.33');
    expect(p1.selection?.partidas.map((partida) => [partida.id, partida.paid])).toEqual([
      [3, [{ number: 1, amount: '2500' }]],
      [4, [{ number: 1, amount: '10005' }]],
    ]);
    // P.2.2: nothing recorded, nothing paid, in the baseline; an unknown task: nothing
    expect((await usage({ id: project.id, taskIds: [11] })).selection).toEqual({
      baselines: ['LB Contrato'],
      partidas: [],
    });
    expect((await usage({ id: project.id, taskIds: [999] })).selection).toEqual({ baselines: [], partidas: [] });
  });

  it('after deleting a paid partida, the next EP still lists what was paid as a partida removed', async () => {
    const project = await paidProject();
    const p12 = (await usage({ id: project.id })).items.find((item) => item.id === 4);
    expect(p12?.paid).toEqual([{ number: 1, amount: '10005' }]);

    const edp = await loadEdp(t, member.cookie, project.id);
    const saved = await saveEdp(t, member.cookie, project.id, {
      items: edp.items.filter((item) => item.id !== 4),
      version: edp.version,
    });
    expect(saved.statusCode).toBe(200);
    // nothing left to ask about P.1.2
    expect((await usage({ id: project.id })).items.find((item) => item.id === 4)).toBeUndefined();

    const { estadoPago } = await ok<{ estadoPago: { lines: WireLine[]; totals: Record<string, string> } }>(
      'saveEstadoPago',
      { id: project.id, cutoff: '2026-01-13' },
    );
    // P.1.1 goes from 25 % to 75 %: $7.500 − $2.500 = $5.000; P.1.2, deleted, keeps what EP N°1
    // paid ($10.005) after the other lines, and nothing is paid or taken back on it in N°2
    expect(estadoPago.lines.map((line) => line.edpItemId)).toEqual([3, 6, 7, 4]);
    expect(estadoPago.lines.at(-1)).toMatchObject({
      edpItemId: 4,
      code: `${project.code}.1.2`,
      previousPercent: '100',
      periodPercent: '0',
      accumulatedPercent: '100',
      previousAmount: '10005',
      periodAmount: '0',
      accumulatedAmount: '10005',
    });
    expect(estadoPago.lines[0]).toMatchObject({ edpItemId: 3, periodAmount: '5000', accumulatedAmount: '7500' });
    // the totals: accumulated $7.500 + $10.005 = $17.505, of which $5.000 in this period
    expect(estadoPago.totals).toMatchObject({
      previousAmount: '12505',
      periodAmount: '5000',
      accumulatedAmount: '17505',
    });
  });
});
