import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEdcOk } from '../../test/support/edc';
import { saveEdp } from '../../test/support/edp';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  asInput,
  createSequencedProject,
  linkKeys,
  loadGanttOk,
  saveGanttOk,
  saveSequencedEdc,
  sequencedEdcList,
  storedSequencing,
  taskByCode,
} from '../../test/support/gantt';
import type { Sequencing, WireGantt } from '../../test/support/gantt';
import { loadProject, loadProjects, storedProject, updateProject, editableFields } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * The generated schedule on load and save (issue 13; docs/SEQUENCING.md): the project's sequencing
 * option, the links the rules give on the first load and on later loads that merge new items,
 * generated flags through saves, and generated links the user deleted staying deleted.
 *
 * The EDP of createSequencedProject: 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2;
 * P.1 and P.2 are level-1 areas (rule 5: parallel), their rooms are siblings (rule 4: the train).
 */

/** The four rooms, each with the EDC of sequencedEdcList (ACT1 Excavar 3 days → ACT2 Hormigonar 4 days). */
const ROOMS = [3, 4, 6, 7] as const;

/** Rule 2 within each room: Excavar, then Hormigonar. */
const PRIORITY_LINKS = ROOMS.map((room) => `edc:${room}:act1>edc:${room}:act2`);

/** Rule 4: the same activity room after room, within each level-1 area, never across them (rule 5). */
const TRAIN_LINKS = [
  'edc:3:act1>edc:4:act1',
  'edc:3:act2>edc:4:act2',
  'edc:6:act1>edc:7:act1',
  'edc:6:act2>edc:7:act2',
];

describe.each(databaseKinds)('the Gantt sequencing on load and save (%s)', (kind) => {
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

  async function fillRooms(project: { id: string; code: string }, rooms: readonly number[] = ROOMS) {
    const codes: Record<number, string> = { 3: '1.1', 4: '1.2', 6: '2.1', 7: '2.2' };
    for (const room of rooms) {
      await saveSequencedEdc(t, member.cookie, project.id, room, sequencedEdcList(`${project.code}.${codes[room]}`));
    }
  }

  async function filledProject(sequencing?: Sequencing) {
    const project = await createSequencedProject(t, member.cookie, sequencing);
    await fillRooms(project);
    return project;
  }

  function byKey(gantt: WireGantt, key: string) {
    const task = gantt.activities.find((candidate) => candidate.sourceKey === key);
    if (!task) throw new Error(`no hay tarea ${key}`);
    return task;
  }

  describe('the project option', () => {
    it("saveProject stores the wizard's choice ('Tren de actividades' by default); loadProject, updateProject and the Gantt answer it", async () => {
      const byDefault = await createSequencedProject(t, member.cookie);
      const chosen = await createSequencedProject(t, member.cookie, 'priority');
      expect((await storedProject(t, byDefault.id))?.sequencing).toBe('train');
      expect((await storedProject(t, chosen.id))?.sequencing).toBe('priority');
      const loaded = await loadProject(t, member.cookie, chosen.id);
      expect(loaded.sequencing).toBe('priority');
      const updated = await updateProject(t, member.cookie, chosen.id, editableFields(loaded), loaded.version);
      expect(updated.statusCode, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.result.project.sequencing).toBe('priority');
      expect((await loadGanttOk(t, member.cookie, chosen.id)).sequencing).toBe('priority');
      expect((await loadGanttOk(t, member.cookie, byDefault.id)).sequencing).toBe('train');
      // the list is unchanged by the option
      expect((await loadProjects(t, member.cookie)).length).toBeGreaterThanOrEqual(2);
    });

    it('refuses a sequencing out of the list, naming the field', async () => {
      const response = await callFunction(
        t.app,
        'saveProject',
        { project: { name: 'X', code: 'SEQBAD', sequencing: 'tren' } },
        member.cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.body.error.message).toContain('sequencing');
    });
  });

  describe('the first load', () => {
    it("'Tren de actividades' links the activities by rules 2, 4 and 5, marked as generated, and sizes the leaves from the catalogue copies (rule 1)", async () => {
      const project = await filledProject();
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      expect(gantt.sequencing).toBe('train');
      expect(linkKeys(gantt)).toEqual([...PRIORITY_LINKS, ...TRAIN_LINKS].sort());
      for (const room of ROOMS) {
        expect(byKey(gantt, `edc:${room}:act1`).Duration).toBe(3);
        expect(byKey(gantt, `edc:${room}:act2`).Duration).toBe(4);
      }
      // 2026-01-02 is the first working day; room 3: Excavar 2, 5, 6 Jan; Hormigonar 7–12 Jan
      expect(byKey(gantt, 'edc:3:act2')).toMatchObject({ StartDate: '2026-01-07', EndDate: '2026-01-12' });
      // room 4 waits for its own Excavar (to 9 Jan) and for Hormigonar on room 3 (to 12 Jan)
      expect(byKey(gantt, 'edc:4:act1')).toMatchObject({ StartDate: '2026-01-07', EndDate: '2026-01-09' });
      expect(byKey(gantt, 'edc:4:act2')).toMatchObject({ StartDate: '2026-01-13', EndDate: '2026-01-16' });
      // no longer is every task critical: room 4's Excavar has float
      expect(byKey(gantt, 'edc:4:act1').critical).toBe(false);
      expect(byKey(gantt, 'edc:4:act2').generatedPredecessors).toEqual(
        [byKey(gantt, 'edc:3:act2').TaskID, byKey(gantt, 'edc:4:act1').TaskID].sort((a, b) => a - b),
      );
      // a task without generated links carries no list
      expect(byKey(gantt, 'edc:3:act1')).not.toHaveProperty('generatedPredecessors');
      const stored = await storedSequencing(t, project.id);
      expect(stored.generated).toEqual([...PRIORITY_LINKS, ...TRAIN_LINKS].sort());
      expect(stored.user).toEqual([]);
      // a second load writes nothing
      const again = await loadGanttOk(t, member.cookie, project.id);
      expect(again.version).toBe(gantt.version);
      expect(linkKeys(again)).toEqual(linkKeys(gantt));
    });

    it("'Secuencia por prioridad' gives rules 2–3 only; 'Sin secuencia' no links (durations from the catalogue either way)", async () => {
      const priority = await filledProject('priority');
      const byPriority = await loadGanttOk(t, member.cookie, priority.id);
      expect(linkKeys(byPriority)).toEqual(PRIORITY_LINKS);
      const none = await filledProject('none');
      const unsequenced = await loadGanttOk(t, member.cookie, none.id);
      expect(linkKeys(unsequenced)).toEqual([]);
      expect(byKey(unsequenced, 'edc:6:act2').Duration).toBe(4);
      expect((await storedSequencing(t, none.id)).generated).toEqual([]);
    });
  });

  describe('later loads', () => {
    it('the order of the screens does not matter: the EDC filled before the first load or after it gives the same links', async () => {
      const before = await filledProject();
      const first = await loadGanttOk(t, member.cookie, before.id);

      const after = await createSequencedProject(t, member.cookie);
      const empty = await loadGanttOk(t, member.cookie, after.id);
      expect(linkKeys(empty)).toEqual([]);
      // one room, a load, then the rest
      await fillRooms(after, [4]);
      expect(linkKeys(await loadGanttOk(t, member.cookie, after.id))).toEqual(['edc:4:act1>edc:4:act2']);
      await fillRooms(after, [3, 6, 7]);
      const last = await loadGanttOk(t, member.cookie, after.id);
      expect(linkKeys(last)).toEqual(linkKeys(first));
      const durations = (gantt: WireGantt) =>
        gantt.activities.map((task) => `${task.sourceKey}:${task.Duration}:${task.StartDate}`).sort();
      expect(durations(last)).toEqual(durations(first));
      expect((await storedSequencing(t, after.id)).generated).toEqual((await storedSequencing(t, before.id)).generated);
    });

    it('a generated link the user deleted stays deleted, on later loads and when new items merge', async () => {
      const project = await filledProject();
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      const from = byKey(gantt, 'edc:3:act1').TaskID;
      const activities = asInput(gantt.activities).map((task) =>
        task.sourceKey === 'edc:4:act1' ? { ...task, Predecessor: '', generatedPredecessors: [] } : task,
      );
      expect(activities.find((task) => task.sourceKey === 'edc:4:act1')?.TaskID).not.toBe(from);
      const saved = await saveGanttOk(t, member.cookie, project.id, { activities }, gantt.version);
      const expected = [...PRIORITY_LINKS, ...TRAIN_LINKS].filter((key) => key !== 'edc:3:act1>edc:4:act1').sort();
      expect(linkKeys(saved)).toEqual(expected);
      expect((await storedSequencing(t, project.id)).removed).toEqual(['edc:3:act1>edc:4:act1']);
      expect(linkKeys(await loadGanttOk(t, member.cookie, project.id))).toEqual(expected);

      // a new item under P.1 (id 8): it joins the train after room 4, the deleted link stays deleted
      const edp = await loadProject(t, member.cookie, project.id);
      const items = [...edp.edp.items, { id: 8, parentId: 2, code: `${project.code}.1.3`, name: 'Sala 3' }];
      const response = await saveEdp(t, member.cookie, project.id, { items, version: edp.edp.version });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      await saveSequencedEdc(t, member.cookie, project.id, 8, sequencedEdcList(`${project.code}.1.3`));
      const merged = await loadGanttOk(t, member.cookie, project.id);
      expect(linkKeys(merged)).toEqual(
        [...expected, 'edc:8:act1>edc:8:act2', 'edc:4:act1>edc:8:act1', 'edc:4:act2>edc:8:act2'].sort(),
      );
    });

    it('a generated link whose lag or type the user changed becomes the user’s; a link whose task unlists it too', async () => {
      const project = await filledProject('priority');
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      const act1 = (room: number) => byKey(gantt, `edc:${room}:act1`).TaskID;
      const activities = asInput(gantt.activities).map((task) => {
        if (task.sourceKey === 'edc:3:act2') return { ...task, Predecessor: `${act1(3)}FS+2` };
        if (task.sourceKey === 'edc:4:act2') return { ...task, Predecessor: `${act1(4)}SS` };
        // the same link, but the screen says it is no longer generated
        if (task.sourceKey === 'edc:6:act2') return { ...task, generatedPredecessors: [] };
        return task;
      });
      const saved = await saveGanttOk(t, member.cookie, project.id, { activities }, gantt.version);
      expect(linkKeys(saved)).toEqual([
        'edc:3:act1>edc:3:act2 usuario FS+2',
        'edc:4:act1>edc:4:act2 usuario SS+0',
        'edc:6:act1>edc:6:act2 usuario',
        'edc:7:act1>edc:7:act2',
      ]);
      // none of them counts as a deleted generated link, and a load does not add generated twins
      expect((await storedSequencing(t, project.id)).removed).toEqual([]);
      expect(linkKeys(await loadGanttOk(t, member.cookie, project.id))).toEqual(linkKeys(saved));
    });

    it('a saved link keeps its generated flag when the screen sends it back as loaded (with or without generatedPredecessors)', async () => {
      const project = await filledProject();
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      const plain = asInput(gantt.activities).map((task) => {
        const copy = { ...task };
        delete copy.generatedPredecessors;
        return copy;
      });
      const saved = await saveGanttOk(t, member.cookie, project.id, { activities: plain }, gantt.version);
      expect(linkKeys(saved)).toEqual(linkKeys(gantt));
      const again = await saveGanttOk(
        t,
        member.cookie,
        project.id,
        { activities: asInput(saved.activities) },
        saved.version,
      );
      expect(linkKeys(again)).toEqual(linkKeys(gantt));
    });

    it('loads rather than fails when the generated links would loop through a summary: the new generated links are left out', async () => {
      const project = await filledProject('none');
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      // the user links Hormigonar of room 4 to the summary of room 3: room 3's leaves follow it
      const room3 = byKey(gantt, 'edp:3').TaskID;
      const activities = asInput(gantt.activities).map((task) =>
        task.sourceKey === 'edp:3' ? { ...task, Predecessor: `${byKey(gantt, 'edc:4:act2').TaskID}` } : task,
      );
      const saved = await saveGanttOk(t, member.cookie, project.id, { activities }, gantt.version);
      expect(linkKeys(saved)).toEqual(['edc:4:act2>edp:3 usuario']);
      expect(room3).toBeGreaterThan(0);
      // the train would add room 3 → room 4 links: a loop through the summary
      await t.db.updateTable('project').set({ sequencing: 'train' }).where('_id', '=', project.id).execute();
      const loaded = await loadGanttOk(t, member.cookie, project.id);
      expect(linkKeys(loaded)).toEqual(['edc:4:act2>edp:3 usuario']);
      expect((await storedSequencing(t, project.id)).generated).toEqual([]);
    });
  });

  describe('deleted items', () => {
    it('deleting an EDC item forgets the deleted generated links that name it, so a new item with its code starts afresh', async () => {
      const project = await filledProject('priority');
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      const activities = asInput(gantt.activities).map((task) =>
        task.sourceKey === 'edc:3:act2' || task.sourceKey === 'edc:4:act2' ? { ...task, Predecessor: '' } : task,
      );
      await saveGanttOk(t, member.cookie, project.id, { activities }, gantt.version);
      expect((await storedSequencing(t, project.id)).removed).toEqual([
        'edc:3:act1>edc:3:act2',
        'edc:4:act1>edc:4:act2',
      ]);
      // room 3 loses ACT2 (and gets it back in a later save): its removed link goes with it
      const list = sequencedEdcList(`${project.code}.1.1`);
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: list.slice(0, 3), version: 1 });
      expect((await storedSequencing(t, project.id)).removed).toEqual(['edc:4:act1>edc:4:act2']);
      await saveSequencedEdc(t, member.cookie, project.id, 3, list, 2);
      const loaded = await loadGanttOk(t, member.cookie, project.id);
      expect(linkKeys(loaded)).toEqual(['edc:3:act1>edc:3:act2', 'edc:6:act1>edc:6:act2', 'edc:7:act1>edc:7:act2']);
      expect(taskByCode(loaded, 'ACT2')).toBeDefined();
    });
  });
});
