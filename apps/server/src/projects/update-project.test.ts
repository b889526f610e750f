import { GANTT_STALE_MESSAGE, PROJECT_STALE_MESSAGE } from '@cimiento/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import { addMember } from '../../test/support/members';
import type { CallResult, TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGantt, saveGanttOk } from '../../test/support/gantt';
import {
  createAreaType,
  createProject,
  editableFields,
  loadProject,
  loadProjects,
  storedProject,
  uniqueProjectCode,
  updateProject,
} from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

describe.each(databaseKinds)('updateProject (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A generica project with one area type (an EDP of 1 + 2 × 2 items), as saveProject answered it. */
  async function newProject(prefix = 'UP') {
    const areaType = await createAreaType(t, member.cookie, {
      name: 'Torre',
      sectores: [{ code: 'S', name: 'Piso', quantity: 1 }],
    });
    return createProject(t, member.cookie, {
      name: 'Edificio Los Aromos',
      code: uniqueProjectCode(prefix),
      priority: '2',
      currency: 'UF',
      budget: '1500.5',
      startYear: '2025',
      endYear: '2026',
      tiposArea: [{ _id: areaType._id, quantity: 2 }],
    });
  }

  /** Expects the refusal, and that the project's row (every column) and its EDP are as they were. */
  async function expectRefusedAndNothingWritten(
    id: string,
    call: () => Promise<CallResult>,
    status: string,
    message: string | RegExp,
  ): Promise<CallResult> {
    const before = await storedProject(t, id);
    const edpBefore = before === undefined ? undefined : (await loadProject(t, member.cookie, id)).edp;
    const response = await call();
    expect(response.body.error?.status, JSON.stringify(response.body)).toBe(status);
    if (typeof message === 'string') expect(response.body.error.message).toBe(message);
    else expect(response.body.error.message).toMatch(message);
    expect(await storedProject(t, id)).toEqual(before);
    if (edpBefore !== undefined) expect((await loadProject(t, member.cookie, id)).edp).toEqual(edpBefore);
    return response;
  }

  it('changes name, priority, currency, budget, years and work week on the next version, and says so', async () => {
    const saved = await newProject();
    expect(saved.version).toBe(1);
    expect(saved.workWeek).toBe('mon-fri');
    const loadedBefore = await loadProject(t, member.cookie, saved._id);
    const response = await updateProject(
      t,
      member.cookie,
      saved._id,
      {
        name: '  Torre Los Aromos ',
        priority: 7,
        currency: 'CLP',
        budget: 1234567.89,
        startYear: 2026,
        endYear: '2028',
        workWeek: 'mon-sat',
      },
      1,
    );
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    expect(response.body.result.message).toBe('Proyecto «Torre Los Aromos» actualizado');
    const expected = {
      ...saved,
      name: 'Torre Los Aromos',
      priority: '7',
      currency: 'CLP',
      budget: '1234567.89',
      startYear: '2026',
      endYear: '2028',
      workWeek: 'mon-sat',
      version: 2,
    };
    expect(response.body.result.project).toEqual(expected);

    // loadProject: the same fields; code, template, area types, creation date and the EDP as they were
    // (the EDP's root keeps the name it was generated with: the EDP is edited in its own screen)
    const loaded = await loadProject(t, member.cookie, saved._id);
    const { edp, ...fields } = loaded;
    expect(fields).toEqual(expected);
    expect(edp).toEqual(loadedBefore.edp);
    expect(edp.items[0]).toEqual({ id: 1, code: saved.code, name: 'Edificio Los Aromos' });

    // loadProjects: the list's row has the new values too
    const row = (await loadProjects(t, admin.cookie)).find((entry) => entry._id === saved._id);
    expect(row).toEqual({
      _id: saved._id,
      id: saved._id,
      name: 'Torre Los Aromos',
      code: saved.code,
      currency: 'CLP',
      budget: '1234567.89',
      date: saved.date,
      mine: false,
      priority: '7',
      startYear: '2026',
      endYear: '2028',
      workWeek: 'mon-sat',
      version: 2,
      role: null,
    });
  });

  it("is open to the project's Planificadores and the administrators (issue 36), and each save moves the version on", async () => {
    const saved = await newProject('SH');
    const reader = await createSignedInUser(t, admin.cookie, { name: 'Lía Lectora' });
    await addMember(t, member.cookie, saved._id, reader.userId, 'lector');
    const refused = await updateProject(
      t,
      reader.cookie,
      saved._id,
      { ...editableFields(saved), name: 'De la lectora' },
      1,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.body.error.message).toBe(
      'Tu rol en este proyecto es Lector: para cambiar la planificación de este proyecto se necesita el rol Planificador',
    );
    const first = await updateProject(t, admin.cookie, saved._id, { ...editableFields(saved), name: 'Del admin' }, 1);
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    const second = await updateProject(
      t,
      member.cookie,
      saved._id,
      { ...editableFields(saved), name: 'De nuevo del autor' },
      2,
    );
    expect(second.statusCode, JSON.stringify(second.body)).toBe(200);
    expect(second.body.result.project).toMatchObject({ name: 'De nuevo del autor', version: 3 });
    // saving the same values is a save too
    const same = await updateProject(t, member.cookie, saved._id, editableFields(second.body.result.project), 3);
    expect(same.body.result.project.version).toBe(4);
  });

  describe('refusals (INVALID_ARGUMENT 400, Spanish, nothing written)', () => {
    it.each([
      ['a blank name', { name: '   ' }, 'project.name: es obligatorio'],
      ['a 201-character name', { name: 'x'.repeat(201) }, 'project.name: debe tener como máximo 200 caracteres'],
      ['a name that is not text', { name: 12 }, /^project\.name: /],
      ['a negative priority', { priority: -1 }, 'project.priority: debe ser un número entero entre 0 y 1.000.000'],
      ['a fractional priority', { priority: '1.5' }, 'project.priority: debe ser un número entero entre 0 y 1.000.000'],
      [
        'a priority over 1.000.000',
        { priority: 1_000_001 },
        'project.priority: debe ser un número entero entre 0 y 1.000.000',
      ],
      [
        'a currency out of the list',
        { currency: 'EUR' },
        'project.currency: debe ser una de: CLP, UF, USD, MUSD, MMUSD',
      ],
      ['a negative budget', { budget: -1 }, 'project.budget: no puede ser negativo'],
      ['a budget with 5 decimals', { budget: '1.23456' }, 'project.budget: admite como máximo 4 decimales'],
      [
        'a budget with 19 integer digits',
        { budget: '1234567890123456789' },
        'project.budget: debe tener como máximo 18 dígitos enteros',
      ],
      [
        'a budget in Chilean notation (the dialog sends the canonical decimal)',
        { budget: '12,5' },
        'project.budget: debe ser un número decimal, por ejemplo 1234567.89',
      ],
      ['a 3-digit start year', { startYear: '999' }, 'project.startYear: debe ser un año de 4 dígitos'],
      ['a 5-digit end year', { endYear: 20231 }, 'project.endYear: debe ser un año de 4 dígitos'],
      [
        'an end year before the start year',
        { startYear: '2027', endYear: '2026' },
        'project.endYear: debe ser igual o posterior al año de inicio de obras',
      ],
      [
        'a work week out of the list',
        { workWeek: 'sun-sat' },
        'project.workWeek: debe ser una de: mon-fri, mon-sat, custom',
      ],
      // the code is the first segment of every EDP code, and the template made the EDP: neither is editable
      ['a code', { code: 'OTRO' }, /code/],
      ['a template', { template: 'plantilla-1' }, /template/],
    ])('refuses %s', async (_label, change, message) => {
      const saved = await newProject('VAL');
      const response = await expectRefusedAndNothingWritten(
        saved._id,
        () => updateProject(t, member.cookie, saved._id, { ...editableFields(saved), ...change }, 1),
        'INVALID_ARGUMENT',
        message,
      );
      expect(response.statusCode).toBe(400);
    });

    it.each(['name', 'priority', 'currency', 'budget', 'startYear', 'endYear', 'workWeek'])(
      'refuses a payload without %s (every field is sent)',
      async (field) => {
        const saved = await newProject('MISS');
        const project: Record<string, unknown> = editableFields(saved);
        delete project[field];
        await expectRefusedAndNothingWritten(
          saved._id,
          () => updateProject(t, member.cookie, saved._id, project, 1),
          'INVALID_ARGUMENT',
          new RegExp(`^project\\.${field}: `),
        );
      },
    );

    it.each([
      ['0', 0, 'version: debe ser 1 o más'],
      ['1.5', 1.5, 'version: debe ser un número entero'],
      ['"1" (text)', '1', 'version: debe ser un número'],
      ['missing', undefined, /^version: /],
    ])('refuses a version of %s', async (_label, version, message) => {
      const saved = await newProject('VER');
      await expectRefusedAndNothingWritten(
        saved._id,
        () => updateProject(t, member.cookie, saved._id, editableFields(saved), version),
        'INVALID_ARGUMENT',
        message,
      );
    });
  });

  describe('version check', () => {
    it('refuses a save based on an older version with ABORTED (409), writing nothing; a reload and retry succeeds', async () => {
      const saved = await newProject('OLD');
      // someone else saves first
      const theirs = await updateProject(t, admin.cookie, saved._id, { ...editableFields(saved), name: 'De otro' }, 1);
      expect(theirs.statusCode).toBe(200);
      const mine = { ...editableFields(saved), name: 'Mío', budget: '99' };
      const response = await expectRefusedAndNothingWritten(
        saved._id,
        () => updateProject(t, member.cookie, saved._id, mine, 1),
        'ABORTED',
        PROJECT_STALE_MESSAGE,
      );
      expect(response.statusCode).toBe(409);
      expect(await loadProject(t, member.cookie, saved._id)).toMatchObject({ name: 'De otro', version: 2 });

      const retried = await updateProject(t, member.cookie, saved._id, mine, 2);
      expect(retried.statusCode).toBe(200);
      expect(retried.body.result.project).toMatchObject({ name: 'Mío', budget: '99', version: 3 });
    });

    it('refuses a version from the future too (ABORTED), writing nothing', async () => {
      const saved = await newProject('FUT');
      await expectRefusedAndNothingWritten(
        saved._id,
        () => updateProject(t, member.cookie, saved._id, { ...editableFields(saved), name: 'Futuro' }, 5),
        'ABORTED',
        PROJECT_STALE_MESSAGE,
      );
    });

    it('lets exactly one of two saves fired at once from the same version through; the other is ABORTED and the winner is stored', async () => {
      for (let round = 0; round < 5; round += 1) {
        const saved = await newProject('RACE');
        const versionA = { ...editableFields(saved), name: `Versión A ${round}`, currency: 'CLP' };
        const versionB = { ...editableFields(saved), name: `Versión B ${round}`, workWeek: 'mon-sat' };
        const [a, b] = await Promise.all([
          updateProject(t, member.cookie, saved._id, versionA, 1),
          updateProject(t, admin.cookie, saved._id, versionB, 1),
        ]);
        expect([a.statusCode, b.statusCode].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
        const [winner, loser] = a.statusCode === 200 ? [versionA, b] : [versionB, a];
        expect(loser.body.error).toEqual({ status: 'ABORTED', message: PROJECT_STALE_MESSAGE });
        const loaded = await loadProject(t, member.cookie, saved._id);
        expect(editableFields(loaded)).toEqual(winner);
        expect(loaded.version).toBe(2);
      }
    });

    // Only PostgreSQL can hold a second writer open in the same process: better-sqlite3 is
    // synchronous, so a second SQLite connection waiting on the lock would stall the event loop
    // (and SQLite's one connection per app serializes the app's transactions anyway).
    if (kind === 'postgres') {
      it("queues two saves of the same version behind the project's row lock: one wins, the other is ABORTED", async () => {
        const saved = await newProject('LOCK');
        const versionA = { ...editableFields(saved), name: 'De A' };
        const versionB = { ...editableFields(saved), name: 'De B', startYear: '2024' };
        let saves: Promise<[CallResult, CallResult]> | undefined;
        await t.db.transaction().execute(async (trx) => {
          await trx.selectFrom('project').select('_id').where('_id', '=', saved._id).forUpdate().execute();
          saves = Promise.all([
            updateProject(t, member.cookie, saved._id, versionA, 1),
            updateProject(t, admin.cookie, saved._id, versionB, 1),
          ]);
          // both saves are inside their transactions, waiting on the row this one holds
          for (let attempt = 0; ; attempt += 1) {
            const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
            if (Number(rows[0]?.n) === 2) break;
            if (attempt > 400) throw new Error('las dos grabaciones no llegaron a esperar el bloqueo');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        });
        const [a, b] = await (saves as NonNullable<typeof saves>);
        expect([a.statusCode, b.statusCode].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
        const [winner, loser] = a.statusCode === 200 ? [versionA, b] : [versionB, a];
        expect(loser.body.error).toEqual({ status: 'ABORTED', message: PROJECT_STALE_MESSAGE });
        const loaded = await loadProject(t, member.cookie, saved._id);
        expect(editableFields(loaded)).toEqual(winner);
        expect(loaded.version).toBe(2);
      });
    }

    it("answers NOT_FOUND (404) 'Proyecto no encontrado' for an unknown id, writing nothing", async () => {
      const saved = await newProject('NF');
      const before = await storedProject(t, saved._id);
      const response = await updateProject(t, member.cookie, UNKNOWN_ID, editableFields(saved), 1);
      expect(response.statusCode).toBe(404);
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
      expect(await storedProject(t, UNKNOWN_ID)).toBeUndefined();
      expect(await storedProject(t, saved._id)).toEqual(before);
    });
  });

  describe('the Gantt calendar', () => {
    it('a work-week change moves the Gantt version on: an open Gantt saving on the old version is refused, a reload gets the new calendar', async () => {
      const { id } = await createGanttProject(t, member.cookie, { prefix: 'WW' });
      const open = await loadGanttOk(t, member.cookie, id);
      expect(open.calendar.workWeek).toBe('mon-fri');
      const project = await loadProject(t, member.cookie, id);

      const response = await updateProject(
        t,
        member.cookie,
        id,
        { ...editableFields(project), workWeek: 'mon-sat' },
        project.version,
      );
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      expect((await storedProject(t, id))?.gantt_version).toBe(open.version + 1);

      // the Gantt opened before: its save (with its edits, on the old calendar) is refused and writes nothing
      const edited = asInput(open.activities).map((task) =>
        task.TaskCode === 'ACT1' ? { ...task, Duration: 9 } : task,
      );
      const stale = await saveGantt(t, member.cookie, id, { activities: edited }, open.version);
      expect(stale.statusCode).toBe(409);
      expect(stale.body.error).toEqual({ status: 'ABORTED', message: GANTT_STALE_MESSAGE });

      const reloaded = await loadGanttOk(t, member.cookie, id);
      expect(reloaded.version).toBe(open.version + 1);
      expect(reloaded.calendar.workWeek).toBe('mon-sat');
      expect(reloaded.activities.find((task) => task.TaskCode === 'ACT1')?.Duration).not.toBe(9);
      // redone on the reloaded Gantt, the save goes through on the new calendar
      const redone = asInput(reloaded.activities).map((task) =>
        task.TaskCode === 'ACT1' ? { ...task, Duration: 9 } : task,
      );
      const saved = await saveGanttOk(t, member.cookie, id, { activities: redone }, reloaded.version);
      expect(saved.calendar.workWeek).toBe('mon-sat');
    });

    it('a start-year change moves the Gantt version on too, and the Gantt then starts in that year', async () => {
      const { id } = await createGanttProject(t, member.cookie, { prefix: 'SY', startYear: '2026', endYear: '2027' });
      const open = await loadGanttOk(t, member.cookie, id);
      expect(open.calendar.firstYear).toBe(2026);
      const project = await loadProject(t, member.cookie, id);
      const response = await updateProject(
        t,
        member.cookie,
        id,
        { ...editableFields(project), startYear: '2027' },
        project.version,
      );
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      const stale = await saveGantt(t, member.cookie, id, { activities: asInput(open.activities) }, open.version);
      expect(stale.body.error).toEqual({ status: 'ABORTED', message: GANTT_STALE_MESSAGE });
      const reloaded = await loadGanttOk(t, member.cookie, id);
      expect(reloaded.calendar.firstYear).toBe(2027);
      // the built tasks started on the first working day of 2026; the calendar now begins in 2027
      expect(reloaded.projectStart.startsWith('2027-01-')).toBe(true);
    });

    it('leaves the Gantt version alone when neither the work week nor the start year changes', async () => {
      const { id } = await createGanttProject(t, member.cookie, { prefix: 'NG' });
      const open = await loadGanttOk(t, member.cookie, id);
      const project = await loadProject(t, member.cookie, id);
      const response = await updateProject(
        t,
        member.cookie,
        id,
        {
          ...editableFields(project),
          name: 'Otro nombre',
          budget: '5',
          currency: 'USD',
          endYear: '2030',
          priority: '9',
        },
        project.version,
      );
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      expect((await storedProject(t, id))?.gantt_version).toBe(open.version);
      // the open Gantt still saves
      await saveGanttOk(t, member.cookie, id, { activities: asInput(open.activities) }, open.version);
    });

    it("a Gantt save that changes the work week moves the project's version on: an edit based on the old one is refused", async () => {
      const { id } = await createGanttProject(t, member.cookie, { prefix: 'GW' });
      const project = await loadProject(t, member.cookie, id);
      const gantt = await loadGanttOk(t, member.cookie, id);
      await saveGanttOk(
        t,
        member.cookie,
        id,
        { activities: asInput(gantt.activities), workWeek: 'mon-sat' },
        gantt.version,
      );

      const reloaded = await loadProject(t, member.cookie, id);
      expect(reloaded.workWeek).toBe('mon-sat');
      expect(reloaded.version).toBe(project.version + 1);
      // the dialog opened before would have put 'mon-fri' back without a word
      await expectRefusedAndNothingWritten(
        id,
        () => updateProject(t, member.cookie, id, { ...editableFields(project), name: 'Tarde' }, project.version),
        'ABORTED',
        PROJECT_STALE_MESSAGE,
      );

      // a Gantt save that keeps the work week leaves the project's version alone
      const again = await loadGanttOk(t, member.cookie, id);
      await saveGanttOk(
        t,
        member.cookie,
        id,
        { activities: asInput(again.activities), workWeek: 'mon-sat' },
        again.version,
      );
      await saveGanttOk(t, member.cookie, id, { activities: asInput(again.activities) }, again.version + 1);
      expect((await loadProject(t, member.cookie, id)).version).toBe(project.version + 1);
    });
  });
});
