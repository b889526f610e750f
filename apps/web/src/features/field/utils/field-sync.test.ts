import { describe, expect, it } from 'vitest';
import type { QueuedEntry, QueuedProgress, WeeklyPlan } from './field-queue';
import { keepMine, syncField } from './field-sync';
import { fieldTasks, parseEntryNumber, progressFromQuantity } from './field-tasks';

const TODAY = '2026-03-11';
const WEEK = '2026-03-09';

function task(id: number, progress = 0, companyId: string | null = null) {
  return {
    id,
    code: `1.${id}`,
    name: `Tarea ${id}`,
    area: ['Torre A', 'Piso 3'],
    companyId,
    start: '2026-03-09',
    end: '2026-03-13',
    progress,
    actualStart: progress > 0 ? '2026-03-09' : null,
    actualFinish: null,
    quantity: null,
    unit: null,
    ready: true,
    underWay: false,
    openConstraints: 0,
    overdueConstraints: 0,
    constraints: [],
  };
}

function plan(tasks: ReturnType<typeof task>[], version = 7): WeeklyPlan {
  return {
    settings: { lookAheadWeeks: 4, lookAheadFrom: 'cutoff', constraintTypes: ['Otra'], causes: ['Clima'] },
    today: TODAY,
    cutoff: null,
    week: WEEK,
    weekEnd: '2026-03-15',
    ganttVersion: version,
    candidates: tasks,
    commitments: [],
    companies: [],
    ppc: { fulfilled: 0, closed: 0, notClosed: 0, ppc: null },
    message: '',
  };
}

function progressEntry(taskId: number, progress: number, base = 0): QueuedProgress {
  return {
    kind: 'progress',
    clientId: `p|progress|${taskId}`,
    projectId: 'p',
    taskId,
    taskCode: `1.${taskId}`,
    taskName: `Tarea ${taskId}`,
    recordedAt: `2026-03-11T1${taskId}:00:00.000Z`,
    status: 'pending',
    day: TODAY,
    progress,
    actualStart: '2026-03-09',
    actualFinish: progress >= 100 ? TODAY : null,
    base: { progress: base, actualStart: base > 0 ? '2026-03-09' : null, actualFinish: null },
  };
}

/** The queue in memory and a server that answers from `serverPlan`, recording each call. */
function harness(entries: QueuedEntry[], answer: (name: string, input: Record<string, unknown>) => unknown) {
  const store = new Map(entries.map((entry) => [entry.clientId, entry]));
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  const deps = {
    call: async (name: string, input: Record<string, unknown>) => {
      calls.push({ name, input });
      return answer(name, input);
    },
    entries: async () => [...store.values()],
    update: async (entry: QueuedEntry) => void store.set(entry.clientId, entry),
    remove: async (clientId: string) => void store.delete(clientId),
    today: TODAY,
  };
  return { store, calls, deps };
}

const offline = Object.assign(new Error('Sin conexión con el servidor'), { httpStatus: 0, code: 'INTERNAL' });
const stale = Object.assign(new Error('El Gantt cambió'), { httpStatus: 409, code: 'ABORTED' });

describe('the field screen’s queue, sent (issue 36)', () => {
  it('sends the waiting progress in one saveProgress on the plan’s version, and the photos by their id', async () => {
    const photo: QueuedEntry = {
      kind: 'photo',
      clientId: 'foto-1234-abcd',
      projectId: 'p',
      taskId: 1,
      taskCode: '1.1',
      taskName: 'Tarea 1',
      recordedAt: '2026-03-11T12:00:00.000Z',
      status: 'pending',
      dataUrl: 'data:image/jpeg;base64,AAAA',
      caption: '',
    };
    const { store, calls, deps } = harness([progressEntry(1, 40), progressEntry(2, 100), photo], (name) =>
      name === 'loadWeeklyPlan' ? plan([task(1), task(2)]) : {},
    );
    expect(await syncField('p', deps)).toEqual({ sent: 3, conflicts: 0, errors: 0, offline: false });
    expect(store.size).toBe(0);
    expect(calls.map((call) => call.name)).toEqual(['loadWeeklyPlan', 'saveProgress', 'uploadTaskPhoto']);
    expect(calls[1]?.input).toEqual({
      id: 'p',
      cutoff: TODAY,
      version: 7,
      entries: [
        { TaskID: 1, Progress: 40, ActualStart: '2026-03-09' },
        { TaskID: 2, Progress: 100, ActualStart: '2026-03-09', ActualFinish: TODAY },
      ],
    });
    expect(calls[2]?.input).toMatchObject({ taskId: 1, clientId: 'foto-1234-abcd' });
  });

  it('keeps everything when there is no connection', async () => {
    const { store, deps } = harness([progressEntry(1, 40)], () => {
      throw offline;
    });
    expect(await syncField('p', deps)).toEqual({ sent: 0, conflicts: 0, errors: 0, offline: true });
    expect(store.get('p|progress|1')?.status).toBe('pending');
  });

  it('shows a conflict with both values when someone changed the task meanwhile, and sends mine when told', async () => {
    const serverProgress = 60;
    const { store, calls, deps } = harness([progressEntry(1, 45)], (name) =>
      name === 'loadWeeklyPlan' ? plan([task(1, serverProgress)], 8) : {},
    );
    expect(await syncField('p', deps)).toMatchObject({ sent: 0, conflicts: 1 });
    const conflict = store.get('p|progress|1') as QueuedProgress;
    expect(conflict).toMatchObject({ status: 'conflict', progress: 45, server: { progress: 60 } });
    expect(calls.map((call) => call.name)).toEqual(['loadWeeklyPlan']);

    await deps.update(keepMine(conflict));
    expect(await syncField('p', deps)).toMatchObject({ sent: 1, conflicts: 0 });
    expect(calls.at(-1)).toMatchObject({
      name: 'saveProgress',
      input: { version: 8, entries: [{ TaskID: 1, Progress: 45 }] },
    });
    expect(store.size).toBe(0);
  });

  it('reads the plan again on a stale version; an entry the server already has is done', async () => {
    let version = 7;
    const { store, calls, deps } = harness([progressEntry(1, 40), progressEntry(2, 30)], (name, input) => {
      if (name === 'loadWeeklyPlan') return plan([task(1), task(2, version === 8 ? 30 : 0)], version);
      if (input.version === 7) {
        version = 8;
        throw stale;
      }
      return {};
    });
    expect(await syncField('p', deps)).toEqual({ sent: 2, conflicts: 0, errors: 0, offline: false });
    expect(calls.map((call) => call.name)).toEqual([
      'loadWeeklyPlan',
      'saveProgress',
      'loadWeeklyPlan',
      'saveProgress',
    ]);
    expect(calls.at(-1)?.input).toMatchObject({ version: 8, entries: [{ TaskID: 1, Progress: 40 }] });
    expect(store.size).toBe(0);
  });

  it('keeps a refused entry with the server’s message', async () => {
    const refused = Object.assign(new Error('Fecha de corte: no puede ser anterior al último corte'), {
      httpStatus: 400,
    });
    const { store, deps } = harness([progressEntry(1, 40)], (name) => {
      if (name === 'loadWeeklyPlan') return plan([task(1)]);
      throw refused;
    });
    expect(await syncField('p', deps)).toMatchObject({ errors: 1 });
    expect(store.get('p|progress|1')).toMatchObject({
      status: 'error',
      message: 'Fecha de corte: no puede ser anterior al último corte',
    });
  });
});

describe('the field screen’s tasks', () => {
  it('gives a Subcontratista its company’s tasks, committed ones first', () => {
    const week = { ...plan([task(1, 0, 'c1'), task(2, 0, 'c2'), task(3, 0, 'c1')]) };
    week.commitments = [{ taskId: 3 } as WeeklyPlan['commitments'][number]];
    expect(fieldTasks(week, { role: 'subcontratista', companyId: 'c1' }).map((row) => row.id)).toEqual([3, 1]);
    expect(fieldTasks(week, { role: 'subcontratista', companyId: null })).toEqual([]);
    expect(fieldTasks(week, { role: 'terreno', companyId: null }).map((row) => row.id)).toEqual([3, 1, 2]);
  });

  it('reads numbers as typed on a phone and quantities as %', () => {
    expect(parseEntryNumber('45')).toBe(45);
    expect(parseEntryNumber(' 45,5 % ')).toBe(45.5);
    expect(parseEntryNumber('1.234,5')).toBe(1234.5);
    expect(parseEntryNumber('45.5')).toBe(45.5);
    expect(parseEntryNumber('cuarenta')).toBeUndefined();
    expect(parseEntryNumber('')).toBeUndefined();
    expect(progressFromQuantity(3, 7)).toBe(42.86);
    expect(progressFromQuantity(3, 0)).toBeNaN();
  });
});
