import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProject as loadProjectFromStore } from '../projects/project-queries';
import { AnswerCache } from './answer-cache';
import { FUNCTION_COMPRESSION } from './functions-routes';
import { createObject } from '../../test/support/catalogues';
import { loadEdp, saveEdp, updateItemEdp } from '../../test/support/edp';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import {
  asInput,
  createSequencedProject,
  loadGanttOk,
  regenerateGanttSequenceOk,
  saveGanttOk,
} from '../../test/support/gantt';
import { priceEdpItems, setProjectCurrency } from '../../test/support/prices';
import { editableFields, loadProject, updateProject } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { loadGantt as loadGanttFromStore } from '../gantt/load-gantt';

/**
 * Issue 18: loadProject's and loadGantt's answers are remembered at a stamp read from the database
 * on every call (functions/answer-cache.ts). After every kind of write to what they answer, the
 * answer through the API (remembered until then) is what the store builds afresh; and a call when
 * nothing changed is answered from memory. (load-gantt-fast-path.test.ts also checks loadGantt
 * through the API after every write to the EDP, the EDC, the Gantt and the project.)
 */
describe.each(databaseKinds)('remembered answers (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let id: string;
  const answers = new AnswerCache();

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { answerCache: answers });
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    id = (await createSequencedProject(t, member.cookie, 'priority')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** loadProject twice through the API: the second is answered from memory, and both are the store's answer now. */
  async function expectProjectRemembered(step: string) {
    const fresh = JSON.parse(JSON.stringify(await loadProjectFromStore(t.db, id)));
    const first = await loadProject(t, member.cookie, id);
    const hits = answers.hits;
    const second = await loadProject(t, member.cookie, id);
    expect(answers.hits, step).toBe(hits + 1);
    expect(first, step).toEqual(fresh);
    expect(second, step).toEqual(fresh);
    return second;
  }

  it('answers loadProject as the store builds it after every write to the project and its EDP', async () => {
    let project = await expectProjectRemembered('the first load');
    const code = project.code as string;

    // saveEdp: an item renamed, one added
    let edp = await loadEdp(t, member.cookie, id);
    const items = edp.items.map((item) => (item.id === 4 ? { ...item, name: 'Sala dos' } : item));
    items.push({ id: 8, parentId: 2, code: `${code}.1.3`, name: 'Sala 3' });
    expect((await saveEdp(t, member.cookie, id, { items, version: edp.version })).statusCode).toBe(200);
    project = await expectProjectRemembered('saveEdp');
    expect(project.edp.items.find((item: { id: number }) => item.id === 8)?.name).toBe('Sala 3');

    // updateItemEdp: one item's name
    edp = await loadEdp(t, member.cookie, id);
    const updated = await updateItemEdp(t, member.cookie, {
      id,
      item: { id: 8, parentId: 2, code: `${code}.1.3`, name: 'Sala nueve' },
      action: 'update',
      version: edp.version,
    });
    expect(updated.statusCode, JSON.stringify(updated.body)).toBe(200);
    project = await expectProjectRemembered('updateItemEdp');
    expect(project.edp.items.find((item: { id: number }) => item.id === 8)?.name).toBe('Sala nueve');

    // prices (saveEdp) and the currency (updateProject), which the amounts are computed in
    await priceEdpItems(t, member.cookie, id, { 8: { unit: 'm2', quantity: '3', unitPrice: '1000' } });
    project = await expectProjectRemembered('prices');
    expect(project.edp.items.find((item: { id: number }) => item.id === 8)?.unitPrice).toBe('1000');
    await setProjectCurrency(t, member.cookie, id, 'USD');
    project = await expectProjectRemembered('the currency');
    expect(project.currency).toBe('USD');

    // updateProject: the name, the years and the work week
    const edited = await updateProject(
      t,
      member.cookie,
      id,
      { ...editableFields(project), name: 'Otro nombre', startYear: '2027', endYear: '2028', workWeek: 'mon-sat' },
      project.version,
    );
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    project = await expectProjectRemembered('updateProject');
    expect(project.name).toBe('Otro nombre');

    // the Gantt's calendar (its work week is the project's) and its sequencing
    let gantt = await loadGanttOk(t, member.cookie, id);
    const calendar = { workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, exceptions: [] };
    await saveGanttOk(t, member.cookie, id, { activities: asInput(gantt.activities), calendar }, gantt.version);
    project = await expectProjectRemembered('saveGantt with a calendar');
    expect(project.workWeek).toBe('mon-fri');
    gantt = await loadGanttOk(t, member.cookie, id);
    await regenerateGanttSequenceOk(t, member.cookie, id, 'train', gantt.version);
    project = await expectProjectRemembered('regenerateGanttSequence');
    expect(project.sequencing).toBe('train');

    // saveEdp: an item deleted
    edp = await loadEdp(t, member.cookie, id);
    const kept = edp.items.filter((item) => item.id !== 8);
    expect((await saveEdp(t, member.cookie, id, { items: kept, version: edp.version })).statusCode).toBe(200);
    project = await expectProjectRemembered('saveEdp deleting an item');
    expect(project.edp.items.some((item: { id: number }) => item.id === 8)).toBe(false);

    // a catalogue record edited: projects keep their copies, the answer does not change
    await createObject(t, member.cookie, 'actividades', { code: 'ZZ-1', name: 'Otra actividad', priority: 1 });
    expect(await expectProjectRemembered('a catalogue record added')).toEqual(project);
  });

  /** loadGantt twice through the API: the second from memory, both a full merge's answer now. */
  async function expectGanttRemembered(step: string) {
    await loadGanttOk(t, member.cookie, id);
    const full = JSON.parse(JSON.stringify(await loadGanttFromStore(t.db, id, { fullMerge: true })));
    const first = await loadGanttOk(t, member.cookie, id);
    const hits = answers.hits;
    const second = await loadGanttOk(t, member.cookie, id);
    expect(answers.hits, step).toBe(hits + 1);
    expect(first, step).toEqual(full);
    expect(second, step).toEqual(full);
    return second as typeof second & { baselineId?: string };
  }

  it('answers loadGantt as a full merge builds it after every change of the chosen baseline', async () => {
    await expectGanttRemembered('before any baseline');
    const ok = async (name: string, data: unknown): Promise<CallResult> => {
      const response = await callFunction(t.app, name, data, member.cookie);
      expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
      return response;
    };
    const first = (await ok('saveBaseline', { id, name: 'Inicial' })).body.result.baseline.baselineId as string;
    let gantt = await expectGanttRemembered('saveBaseline');
    expect(gantt.baselineId).toBe(first);
    // the Gantt moves, a second baseline is fixed on it
    const moved = asInput(gantt.activities).map((task, index) => (index === 3 ? { ...task, Duration: 9 } : task));
    await saveGanttOk(t, member.cookie, id, { activities: moved }, gantt.version);
    await expectGanttRemembered('saveGantt');
    const second = (await ok('saveBaseline', { id, name: 'Segunda' })).body.result.baseline.baselineId as string;
    gantt = await expectGanttRemembered('saveBaseline again');
    expect(gantt.baselineId).toBe(second);
    await ok('chooseBaseline', { id, baselineId: first });
    gantt = await expectGanttRemembered('chooseBaseline');
    expect(gantt.baselineId).toBe(first);
    await ok('chooseBaseline', { id, baselineId: null });
    gantt = await expectGanttRemembered('chooseBaseline none');
    expect(gantt.baselineId).toBeUndefined();
    await ok('chooseBaseline', { id, baselineId: first });
    await expectGanttRemembered('chooseBaseline the first again');
    await ok('removeBaseline', { id, baselineId: first });
    gantt = await expectGanttRemembered('removeBaseline');
    expect(gantt.baselineId).toBe(second);
  });

  it('refuses a project removed since its answer was remembered', async () => {
    await expectProjectRemembered('before the removal');
    await expectGanttRemembered('before the removal');
    expect((await callFunction(t.app, 'removeProject', { id }, member.cookie)).statusCode).toBe(200);
    for (const name of ['loadProject', 'loadGantt']) {
      const gone = await callFunction(t.app, name, { id }, member.cookie);
      expect(gone.statusCode, name).toBe(404);
      expect(gone.body.error.status, name).toBe('NOT_FOUND');
    }
  });
});

describe('answers compressed in one go (sqlite)', () => {
  let t: TestApp;
  let cookie: string;
  let id: string;
  const answers = new AnswerCache();
  /** The compression plugin alone, registered and set for a route as app.ts and functions-routes.ts do. */
  const reference = Fastify();
  const referenceBody = { result: { objects: Array.from({ length: 100 }, (_, index) => ({ name: `Cosa ${index}` })) } };

  beforeAll(async () => {
    await reference.register(compress, { threshold: 1024 });
    reference.post('/x', { compress: FUNCTION_COMPRESSION }, async () => referenceBody);
    t = await createTestApp('sqlite', {}, { answerCache: answers });
    cookie = (await createFirstAdmin(t)).cookie;
    id = (await createSequencedProject(t, cookie, 'priority')).id;
    // an answer over the compression threshold (1 KB)
    const edp = await loadEdp(t, cookie, id);
    const more = Array.from({ length: 30 }, (_, index) => ({
      id: 100 + index,
      parentId: 1,
      code: `X.${index}`,
      name: `Partida ${index}`,
    }));
    expect((await saveEdp(t, cookie, id, { items: [...edp.items, ...more], version: edp.version })).statusCode).toBe(
      200,
    );
    // a catalogue answer over the threshold, which is never remembered
    for (let index = 0; index < 30; index += 1) {
      await createObject(t, cookie, 'actividades', { code: `C-${index}`, name: `Actividad ${index}`, priority: 1 });
    }
  });
  afterAll(async () => {
    await t?.close();
    await reference.close();
  });

  function decoded(response: LightMyRequestResponse) {
    const encoding = response.headers['content-encoding'];
    const decode = encoding === 'gzip' ? gunzipSync : encoding === 'br' ? brotliDecompressSync : inflateSync;
    const text = encoding === undefined ? response.payload : decode(response.rawPayload).toString();
    return { response, encoding, body: JSON.parse(text) as unknown };
  }

  async function post(name: string, data: unknown, headers: Record<string, string>) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/functions/${name}`,
      headers: { 'content-type': 'application/json', cookie, ...headers },
      payload: JSON.stringify({ data }),
    });
    expect(response.statusCode, response.payload.slice(0, 300)).toBe(200);
    return decoded(response);
  }

  it('go out in the encoding and with the headers the compression plugin gives a JSON answer, whatever the client accepts', async () => {
    const headersList: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'deflate' },
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': '*' },
      { 'accept-encoding': 'x-gzip, deflate' },
      { 'accept-encoding': 'gzip;q=0.5, br;q=0.1' },
      { 'accept-encoding': 'br;q=0, deflate' },
      { 'accept-encoding': 'zstd' },
      { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
    ];
    const seen = new Set<string | undefined>();
    for (const headers of headersList) {
      const step = JSON.stringify(headers);
      const plugin = decoded(await reference.inject({ method: 'POST', url: '/x', headers }));
      expect(plugin.body, step).toEqual(referenceBody);
      const catalogue = await post('loadObjects', { collection: 'actividades' }, headers);
      await post('loadProject', { id }, headers);
      const hits = answers.hits;
      const remembered = await post('loadProject', { id }, headers);
      expect(answers.hits, step).toBe(hits + 1);
      seen.add(remembered.encoding);
      for (const ours of [catalogue, remembered]) {
        expect(ours.encoding, step).toBe(plugin.encoding);
        expect(ours.response.headers['content-type'], step).toBe(plugin.response.headers['content-type']);
        expect(ours.response.headers.vary, step).toBe(plugin.response.headers.vary);
      }
      const project = JSON.parse(JSON.stringify(await loadProjectFromStore(t.db, id)));
      expect(remembered.body, step).toEqual({ result: { project, message: 'Proyecto cargado' } });
      expect((catalogue.body as { result: { objects: unknown[] } }).result.objects).toHaveLength(30);
    }
    // each way out was taken: compressed here in each encoding, and left to the plugin
    expect(seen).toEqual(new Set(['gzip', 'br', 'deflate', undefined]));
  });
});
