import { EDC_STALE_MESSAGE, generateEdc } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import { addMember } from '../../test/support/members';
import type { TestAccount } from '../../test/support/factories';
import {
  countEdcRows,
  createEdcCatalogue,
  createEdcProject,
  loadEdc,
  loadEdcOk,
  saveEdc,
  saveEdcOk,
  storedEdc,
} from '../../test/support/edc';
import type { WireEdcItem } from '../../test/support/edc';
import { loadProject } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

describe.each(databaseKinds)('saveEdc (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;
  let catalogue: Awaited<ReturnType<typeof createEdcCatalogue>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    other = await createSignedInUser(t, admin.cookie);
    catalogue = await createEdcCatalogue(t, member.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A small valid list for the EDP item coded `edpCode`: one main, one sub, one activity. */
  function smallList(edpCode: string, prefix = 'M'): WireEdcItem[] {
    return [
      { code: prefix, name: 'Principal', parentCode: edpCode, kind: 'main', sourceId: 'c1' },
      { code: `${prefix}.1`, name: 'Básico', parentCode: prefix, kind: 'sub' },
      { code: 'ACT1', name: 'Montaje', parentCode: `${prefix}.1`, kind: 'activity', sourceId: 'a1' },
    ];
  }

  /** A generated activity item as generateEdc makes it from the catalogue's activity. */
  function activityItem(code: string, which: 'excavar' | 'hormigonar' | 'curar', parentCode: string): WireEdcItem {
    const activity = catalogue.activities[which];
    return {
      code,
      name: activity.name,
      parentCode,
      kind: 'activity',
      sourceId: activity._id,
      sourceCode: activity.code,
      sourceName: activity.name,
      priority: activity.priority,
      duration: activity.duration,
    };
  }

  function generate(edpCode: string, system: { code: string }, existing: WireEdcItem[]): WireEdcItem[] {
    const result = generateEdc({ edpItem: { code: edpCode }, system, components: [catalogue.component], existing });
    if (!result.ok) throw new Error(result.error);
    return result.items;
  }

  describe('round trip', () => {
    it('saves a list generated from real catalogue data and loads it back as it was saved', async () => {
      const project = await createEdcProject(t, member.cookie);
      const edpCode = `${project.code}.1.1`;
      const { component, system, otherSystem } = catalogue;
      const first = generate(edpCode, system, []);
      const main = `${component.code}.1.1.${system.code}.3`;
      // domain.md: subcomponents in priority order ({main}.k), activities in priority order (ACT{r})
      expect(first).toEqual([
        {
          code: main,
          name: 'Fundaciones',
          parentCode: edpCode,
          kind: 'main',
          sourceId: component._id,
          sourceCode: component.code,
          sourceName: 'Fundaciones',
          priority: 3,
        },
        {
          code: `${main}.1`,
          name: 'Zapatas',
          parentCode: main,
          kind: 'sub',
          sourceCode: 'ZAP',
          sourceName: 'Zapatas',
          priority: 1,
        },
        activityItem('ACT1', 'excavar', `${main}.1`),
        activityItem('ACT2', 'hormigonar', `${main}.1`),
        {
          code: `${main}.2`,
          name: 'Vigas',
          parentCode: main,
          kind: 'sub',
          sourceCode: 'VIG',
          sourceName: 'Vigas',
          priority: 2,
        },
        activityItem('ACT3', 'hormigonar', `${main}.2`),
        activityItem('ACT4', 'curar', `${main}.2`),
      ]);

      const response = await saveEdc(t, member.cookie, project.id, { id: 3, componentesEdc: first, version: 0 });
      expect(response.statusCode).toBe(200);
      expect(response.body.result).toEqual({
        edc: { id: 3, parentId: 2, code: edpCode, name: 'Sala 1', componentesEdc: first, version: 1 },
        message: 'EDC grabado: 7 ítems',
      });
      expect(await loadEdcOk(t, member.cookie, project.id, 3)).toEqual(response.body.result.edc);

      // a second drop (another system) appends, with ACT numbers running on over the whole list
      const loaded = (await loadEdcOk(t, member.cookie, project.id, 3))!;
      const second = generate(edpCode, otherSystem, loaded.componentesEdc);
      expect(second.filter((item) => item.kind === 'activity').map((item) => item.code)).toEqual([
        'ACT5',
        'ACT6',
        'ACT7',
        'ACT8',
      ]);
      const both = [...loaded.componentesEdc, ...second];
      const saved = await saveEdcOk(t, member.cookie, project.id, { ...loaded, componentesEdc: both });
      expect(saved.version).toBe(2);
      expect(await loadEdcOk(t, member.cookie, project.id, 3)).toEqual({ ...loaded, componentesEdc: both, version: 2 });

      // stored relationally in list order, code_key lower-cased, source ids kept
      const stored = await storedEdc(t, project.id);
      expect(stored.lists).toEqual([{ edpItemId: 3, version: 2 }]);
      expect(stored.rows.map((row) => row.position)).toEqual(both.map((_item, index) => index));
      expect(stored.rows[0]).toEqual({
        edp_item_id: 3,
        position: 0,
        code: main,
        code_key: main.toLowerCase(),
        name: 'Fundaciones',
        parent_code: edpCode,
        kind: 'main',
        source_id: component._id,
        source_code: component.code,
        source_name: 'Fundaciones',
        priority: 3,
        duration: null,
      });
      expect(stored.rows[1]).toMatchObject({ source_id: null, source_code: 'ZAP', source_name: 'Zapatas' });
      expect(stored.rows[2]).toMatchObject({ kind: 'activity', priority: 1, duration: 5 });
    });

    it("keeps each generated item's catalogue code and name as saved, and an item typed by hand has none", async () => {
      const project = await createEdcProject(t, member.cookie);
      const edpCode = `${project.code}.1.2`;
      const generated = generate(edpCode, catalogue.system, []);
      const main = generated[0]!.code;
      // a subcomponent typed by hand in the grid, after the generated ones
      const list: WireEdcItem[] = [...generated, { code: `${main}.3`, name: 'Losa', parentCode: main, kind: 'sub' }];
      const saved = await saveEdcOk(t, member.cookie, project.id, { id: 4, componentesEdc: list, version: 0 });
      expect(saved.componentesEdc).toEqual(list);
      const loaded = await loadEdcOk(t, member.cookie, project.id, 4);
      expect(loaded?.componentesEdc.map((item) => [item.code, item.sourceCode, item.sourceName])).toEqual([
        [main, catalogue.component.code, 'Fundaciones'],
        [`${main}.1`, 'ZAP', 'Zapatas'],
        ['ACT1', catalogue.activities.excavar.code, 'Excavar'],
        ['ACT2', catalogue.activities.hormigonar.code, 'Hormigonar'],
        [`${main}.2`, 'VIG', 'Vigas'],
        ['ACT3', catalogue.activities.hormigonar.code, 'Hormigonar'],
        ['ACT4', catalogue.activities.curar.code, 'Curar'],
        [`${main}.3`, undefined, undefined],
      ]);
      expect(loaded?.componentesEdc.at(-1)).toEqual({ code: `${main}.3`, name: 'Losa', parentCode: main, kind: 'sub' });
      const stored = await storedEdc(t, project.id);
      expect(stored.rows.at(-1)).toMatchObject({ source_id: null, source_code: null, source_name: null });
    });

    it('stores the priority and duration copies (0 too) and gives them back; absent stays absent (issue 13)', async () => {
      const project = await createEdcProject(t, member.cookie);
      const edpCode = `${project.code}.2.2`;
      const list: WireEdcItem[] = [
        { code: 'M', name: 'Principal', parentCode: edpCode, kind: 'main', priority: 4 },
        { code: 'M.1', name: 'Básico', parentCode: 'M', kind: 'sub', priority: 0 },
        { code: 'ACT1', name: 'Hito', parentCode: 'M.1', kind: 'activity', priority: 2, duration: 0 },
        { code: 'ACT2', name: 'Trabajo', parentCode: 'M.1', kind: 'activity', duration: 12 },
        { code: 'ACT3', name: 'A mano', parentCode: 'M.1', kind: 'activity' },
      ];
      const saved = await saveEdcOk(t, member.cookie, project.id, { id: 7, componentesEdc: list, version: 0 });
      expect(saved.componentesEdc).toEqual(list);
      const loaded = await loadEdcOk(t, member.cookie, project.id, 7);
      expect(loaded?.componentesEdc).toEqual(list);
      expect(loaded?.componentesEdc[4]).not.toHaveProperty('priority');
      expect(loaded?.componentesEdc[4]).not.toHaveProperty('duration');
      const stored = await storedEdc(t, project.id);
      expect(stored.rows.map((row) => [row.code, row.priority, row.duration])).toEqual([
        ['M', 4, null],
        ['M.1', 0, null],
        ['ACT1', 2, 0],
        ['ACT2', null, 12],
        ['ACT3', null, null],
      ]);
    });

    it.each([
      [{ duration: -1 }, 'edc.componentesEdc.2.duration: debe ser 0 o más'],
      [{ duration: 1.5 }, 'edc.componentesEdc.2.duration: debe ser un número entero de días hábiles'],
      [{ priority: -3 }, 'edc.componentesEdc.2.priority: debe ser 0 o más'],
    ])('refuses a priority or duration copy %j with a Spanish message naming the row', async (extra, message) => {
      const project = await createEdcProject(t, member.cookie);
      const list = smallList(`${project.code}.1.1`);
      const response = await saveEdc(t, member.cookie, project.id, {
        id: 3,
        componentesEdc: [list[0], list[1], { ...list[2], ...extra }],
        version: 0,
      });
      expect(response.body.error).toEqual({ status: 'INVALID_ARGUMENT', message });
      expect(await storedEdc(t, project.id)).toEqual({ lists: [], rows: [] });
    });

    it('keeps the copy: renaming the catalogue activity later changes neither the saved catalogue code nor its name', async () => {
      const project = await createEdcProject(t, member.cookie);
      const generated = generate(`${project.code}.2.1`, catalogue.system, []);
      await saveEdcOk(t, member.cookie, project.id, { id: 6, componentesEdc: generated, version: 0 });
      const curar = catalogue.activities.curar;
      // the catalogue is an administrator's to change (issue 36)
      const renamed = await callFunction(
        t.app,
        'saveObject',
        {
          collection: 'actividades',
          object: { _id: curar._id, code: `${curar.code}X`, name: 'Curado húmedo', priority: 3 },
        },
        admin.cookie,
      );
      expect(renamed.statusCode).toBe(200);
      const loaded = await loadEdcOk(t, member.cookie, project.id, 6);
      expect(loaded?.componentesEdc.find((item) => item.code === 'ACT4')).toMatchObject({
        sourceCode: curar.code,
        sourceName: 'Curar',
      });
      // put the catalogue back for the other tests
      await callFunction(
        t.app,
        'saveObject',
        { collection: 'actividades', object: { _id: curar._id, code: curar.code, name: 'Curar', priority: 3 } },
        admin.cookie,
      );
    });

    it('trims the catalogue code and name and keeps a blank one as none', async () => {
      const project = await createEdcProject(t, member.cookie);
      const saved = await saveEdcOk(t, member.cookie, project.id, {
        id: 2,
        componentesEdc: [
          {
            code: 'M',
            name: 'Principal',
            parentCode: `${project.code}.1`,
            kind: 'main',
            sourceCode: ' FUN ',
            sourceName: '   ',
          },
        ],
        version: 0,
      });
      const expected = {
        code: 'M',
        name: 'Principal',
        parentCode: `${project.code}.1`,
        kind: 'main',
        sourceCode: 'FUN',
      };
      expect(saved.componentesEdc).toEqual([expected]);
      expect((await loadEdcOk(t, member.cookie, project.id, 2))?.componentesEdc).toEqual([expected]);
      expect((await storedEdc(t, project.id)).rows[0]).toMatchObject({ source_code: 'FUN', source_name: null });
    });

    it("says '1 ítem' for a one-item list, and ignores the EDP item's own fields sent along with the list", async () => {
      const project = await createEdcProject(t, member.cookie);
      const response = await saveEdc(t, member.cookie, project.id, {
        id: 4,
        parentId: 2,
        code: 'OTRO CÓDIGO',
        name: 'Otro nombre',
        componentesEdc: [{ code: 'M', name: 'Principal', parentCode: `${project.code}.1.2`, kind: 'main' }],
        version: 0,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body.result.message).toBe('EDC grabado: 1 ítem');
      expect(response.body.result.edc).toMatchObject({ id: 4, code: `${project.code}.1.2`, name: 'Sala 2' });
    });

    it('trims codes, names and parent codes before checking and storing them', async () => {
      const project = await createEdcProject(t, member.cookie);
      const saved = await saveEdcOk(t, member.cookie, project.id, {
        id: 2,
        componentesEdc: [
          { code: ' M ', name: ' Principal ', parentCode: ` ${project.code}.1 `, kind: 'main' },
          { code: 'M.1', name: 'Básico', parentCode: ' M', kind: 'sub' },
        ],
        version: 0,
      });
      expect(saved.componentesEdc).toEqual([
        { code: 'M', name: 'Principal', parentCode: `${project.code}.1`, kind: 'main' },
        { code: 'M.1', name: 'Básico', parentCode: 'M', kind: 'sub' },
      ]);
    });

    it('replaces the whole list: removed items go, the rest are renumbered in the new order', async () => {
      const project = await createEdcProject(t, member.cookie);
      const list = generate(`${project.code}.2`, catalogue.system, []);
      await saveEdcOk(t, member.cookie, project.id, { id: 5, componentesEdc: list, version: 0 });
      // drop the second subcomponent with its activities
      const kept = list.slice(0, 4);
      await saveEdcOk(t, member.cookie, project.id, { id: 5, componentesEdc: kept, version: 1 });
      expect((await loadEdcOk(t, member.cookie, project.id, 5))?.componentesEdc).toEqual(kept);
      expect((await storedEdc(t, project.id)).rows.map((row) => [row.position, row.code])).toEqual(
        kept.map((item, index) => [index, item.code]),
      );
    });
  });

  describe('validation: refused with INVALID_ARGUMENT, nothing written', () => {
    let project: Awaited<ReturnType<typeof createEdcProject>>;
    let edpCode: string;
    let base: WireEdcItem[];

    beforeAll(async () => {
      project = await createEdcProject(t, member.cookie);
      edpCode = `${project.code}.1.1`;
      base = generate(edpCode, catalogue.system, []);
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: base, version: 0 });
    });

    const main = () => base[0]!.code;
    const sub = () => base[1]!.code;

    it.each<[string, () => WireEdcItem, () => string]>([
      [
        'an empty code',
        () => ({ code: '  ', name: 'Sin código', parentCode: edpCode, kind: 'main' }),
        () => 'El ítem 8 del EDC no tiene código',
      ],
      [
        'an empty name',
        () => ({ code: 'X', name: ' ', parentCode: edpCode, kind: 'main' }),
        () => 'El ítem X del EDC no tiene nombre',
      ],
      [
        'a code repeated in another case',
        () => ({ code: 'act1', name: 'Otra', parentCode: sub(), kind: 'activity' }),
        () => 'El código act1 está repetido en el EDC',
      ],
      [
        'a parentCode outside the list',
        () => ({ code: 'ACT9', name: 'Huérfana', parentCode: 'NO.EXISTE', kind: 'activity' }),
        () => `El padre NO.EXISTE del ítem ACT9 no está en el EDC ni es el ítem ${edpCode}`,
      ],
      [
        'an item that is its own parent',
        () => ({ code: 'Z', name: 'Z', parentCode: 'Z', kind: 'main' }),
        () => 'El ítem Z no puede ser su propio padre',
      ],
      [
        'an activity not coded ACT{r}',
        () => ({ code: 'MONTAJE', name: 'Montaje', parentCode: sub(), kind: 'activity' }),
        () => 'La actividad MONTAJE debe tener un código ACT seguido de un número',
      ],
      [
        'a main component under another item than the EDP item',
        () => ({ code: 'OTRO', name: 'Otro', parentCode: main(), kind: 'main' }),
        () => `El componente principal OTRO debe colgar del ítem ${edpCode}, no de ${main()}`,
      ],
      [
        'a subcomponent under the EDP item',
        () => ({ code: 'SUELTO', name: 'Suelto', parentCode: edpCode, kind: 'sub' }),
        () => `El subcomponente SUELTO debe colgar de un componente principal, no de ${edpCode}`,
      ],
      [
        'a subcomponent under a subcomponent',
        () => ({ code: 'NIETO', name: 'Nieto', parentCode: sub(), kind: 'sub' }),
        () => `El subcomponente NIETO debe colgar de un componente principal, no de ${sub()}`,
      ],
      [
        'an activity under a main component',
        () => ({ code: 'ACT9', name: 'Directa', parentCode: main(), kind: 'activity' }),
        () => `La actividad ACT9 debe colgar de un subcomponente, no de ${main()}`,
      ],
    ])('refuses %s with its message', async (_label, extra, message) => {
      const before = await storedEdc(t, project.id);
      const response = await saveEdc(t, member.cookie, project.id, {
        id: 3,
        componentesEdc: [...base, extra()],
        version: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: message() });
      expect(await storedEdc(t, project.id)).toEqual(before);
    });

    it.each<[string, Partial<WireEdcItem> | Record<string, unknown>, string]>([
      [
        'a catalogue code over 120 characters',
        { sourceCode: 'C'.repeat(121) },
        'sourceCode: debe tener como máximo 120 caracteres',
      ],
      [
        'a catalogue name over 200 characters',
        { sourceName: 'n'.repeat(201) },
        'sourceName: debe tener como máximo 200 caracteres',
      ],
      ['a catalogue code that is not text', { sourceCode: 12 }, 'sourceCode: debe ser texto'],
      ['a catalogue name that is not text', { sourceName: ['Zapatas'] }, 'sourceName: debe ser texto'],
      [
        'a source id over 64 characters',
        { sourceId: 'x'.repeat(65) },
        'sourceId: debe tener como máximo 64 caracteres',
      ],
    ])('refuses %s in Spanish, naming the item', async (_label, fields, message) => {
      const before = await storedEdc(t, project.id);
      const response = await saveEdc(t, member.cookie, project.id, {
        id: 3,
        componentesEdc: [base[0], { ...base[1], ...fields }, ...base.slice(2)],
        version: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: `edc.componentesEdc.1.${message}` });
      expect(await storedEdc(t, project.id)).toEqual(before);
    });

    it('accepts a catalogue code of 120 characters and a name of 200', async () => {
      const other = await createEdcProject(t, member.cookie);
      const item = {
        code: 'M',
        name: 'Principal',
        parentCode: `${other.code}.1`,
        kind: 'main' as const,
        sourceCode: 'C'.repeat(120),
        sourceName: 'n'.repeat(200),
      };
      const saved = await saveEdcOk(t, member.cookie, other.id, { id: 2, componentesEdc: [item], version: 0 });
      expect(saved.componentesEdc).toEqual([item]);
    });

    it('joins several messages with "; "', async () => {
      const response = await saveEdc(t, member.cookie, project.id, {
        id: 3,
        componentesEdc: [
          ...base,
          { code: 'X', name: '', parentCode: edpCode, kind: 'main' },
          { code: 'Y', name: 'Y', parentCode: 'NADA', kind: 'main' },
        ],
        version: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body.error.message).toBe(
        `El ítem X del EDC no tiene nombre; El padre NADA del ítem Y no está en el EDC ni es el ítem ${edpCode}`,
      );
    });

    it('creates no list for an item without EDC when its first save is refused', async () => {
      const before = await storedEdc(t, project.id);
      const response = await saveEdc(t, member.cookie, project.id, {
        id: 4,
        componentesEdc: [{ code: 'M', name: '', parentCode: `${project.code}.1.2`, kind: 'main' }],
        version: 0,
      });
      expect(response.statusCode).toBe(400);
      expect(await storedEdc(t, project.id)).toEqual(before);
      expect(await loadEdcOk(t, member.cookie, project.id, 4)).toBeNull();
    });

    it('refuses a kind the contract does not know, in Spanish', async () => {
      const response = await saveEdc(t, member.cookie, project.id, {
        id: 3,
        componentesEdc: [{ code: 'M', name: 'M', parentCode: edpCode, kind: 'tarea' }],
        version: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body.error.message).toBe('edc.componentesEdc.0.kind: debe ser una de: main, sub, activity');
    });
  });

  describe('stale saves: refused with ABORTED, nothing lost', () => {
    it('lets the first of two clients that loaded the same version win and refuses the other', async () => {
      const project = await createEdcProject(t, member.cookie);
      // issue 36: a second Planificador of the project
      await addMember(t, member.cookie, project.id, other.userId);
      const edpCode = `${project.code}.1`;
      await saveEdcOk(t, member.cookie, project.id, { id: 2, componentesEdc: smallList(edpCode), version: 0 });
      const loadedByA = (await loadEdcOk(t, member.cookie, project.id, 2))!;
      const loadedByB = (await loadEdcOk(t, other.cookie, project.id, 2))!;

      const mine = smallList(edpCode, 'A');
      expect((await saveEdcOk(t, member.cookie, project.id, { ...loadedByA, componentesEdc: mine })).version).toBe(2);
      const before = await storedEdc(t, project.id);
      const response = await saveEdc(t, other.cookie, project.id, {
        ...loadedByB,
        componentesEdc: smallList(edpCode, 'B'),
      });
      expect(response.statusCode).toBe(409);
      expect(response.body.error).toEqual({ status: 'ABORTED', message: EDC_STALE_MESSAGE });
      expect(await storedEdc(t, project.id)).toEqual(before);
      expect(await loadEdcOk(t, member.cookie, project.id, 2)).toEqual({
        ...loadedByA,
        componentesEdc: mine,
        version: 2,
      });
    });

    it('refuses the second of two first saves (version 0) of the same item', async () => {
      const project = await createEdcProject(t, member.cookie);
      // issue 36: a second Planificador of the project
      await addMember(t, member.cookie, project.id, other.userId);
      const edpCode = `${project.code}.2`;
      await saveEdcOk(t, member.cookie, project.id, { id: 5, componentesEdc: smallList(edpCode, 'A'), version: 0 });
      const response = await saveEdc(t, other.cookie, project.id, {
        id: 5,
        componentesEdc: smallList(edpCode, 'B'),
        version: 0,
      });
      expect(response.statusCode).toBe(409);
      expect(response.body.error).toEqual({ status: 'ABORTED', message: EDC_STALE_MESSAGE });
      expect((await loadEdcOk(t, member.cookie, project.id, 5))?.componentesEdc).toEqual(smallList(edpCode, 'A'));
    });

    it('lets exactly one of two simultaneous saves from the same version through (0 and then 1)', async () => {
      const project = await createEdcProject(t, member.cookie);
      // issue 36: a second Planificador of the project
      await addMember(t, member.cookie, project.id, other.userId);
      const edpCode = `${project.code}.2.2`;
      const race = (version: number) =>
        Promise.all(
          ['A', 'B'].map((prefix, index) =>
            saveEdc(t, index === 0 ? member.cookie : other.cookie, project.id, {
              id: 7,
              componentesEdc: smallList(edpCode, prefix),
              version,
            }),
          ),
        );
      for (const version of [0, 1]) {
        const responses = await race(version);
        expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        const winner = responses.find((response) => response.statusCode === 200)!;
        const loser = responses.find((response) => response.statusCode === 409)!;
        expect(loser.body.error).toEqual({ status: 'ABORTED', message: EDC_STALE_MESSAGE });
        expect(await loadEdcOk(t, member.cookie, project.id, 7)).toEqual(winner.body.result.edc);
        expect(winner.body.result.edc.version).toBe(version + 1);
      }
    });

    it.each([
      ['a version newer than the stored one', 0, 5],
      ['a version for an item that has no EDC yet', undefined, 1],
    ])('refuses %s', async (_label, firstVersion, sentVersion) => {
      const project = await createEdcProject(t, member.cookie);
      const edpCode = `${project.code}.1.2`;
      if (firstVersion !== undefined) {
        await saveEdcOk(t, member.cookie, project.id, { id: 4, componentesEdc: smallList(edpCode), version: 0 });
      }
      const before = await storedEdc(t, project.id);
      const response = await saveEdc(t, member.cookie, project.id, {
        id: 4,
        componentesEdc: smallList(edpCode, 'N'),
        version: sentVersion,
      });
      expect(response.statusCode).toBe(409);
      expect(response.body.error).toEqual({ status: 'ABORTED', message: EDC_STALE_MESSAGE });
      expect(await storedEdc(t, project.id)).toEqual(before);
    });
  });

  describe('NOT_FOUND', () => {
    it.each([
      ['an unknown project', 'unknown', 3, 'Proyecto no encontrado'],
      ['an unknown EDP item', 'known', 99, 'El ítem 99 no existe en el EDP del proyecto'],
      ['the unselected item (id 0)', 'known', 0, 'El ítem 0 no existe en el EDP del proyecto'],
    ])('answers NOT_FOUND (404) for %s and writes nothing', async (_label, which, id, message) => {
      const project = await createEdcProject(t, member.cookie);
      const before = await countEdcRows(t);
      const response = await saveEdc(t, member.cookie, which === 'known' ? project.id : UNKNOWN_ID, {
        id,
        componentesEdc: smallList(project.code),
        version: 0,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message });
      expect(await countEdcRows(t)).toEqual(before);
    });
  });

  describe('deleting EDP items and projects takes their EDC with them', () => {
    /** A project with a saved EDC on items 3 (P.1.1), 4 (P.1.2) and 6 (P.2.1). */
    async function projectWithEdcs() {
      const project = await createEdcProject(t, member.cookie);
      const codes = new Map(project.items.map((item) => [item.id, item.code]));
      for (const id of [3, 4, 6]) {
        await saveEdcOk(t, member.cookie, project.id, {
          id,
          componentesEdc: generate(codes.get(id)!, catalogue.system, []),
          version: 0,
        });
      }
      expect((await storedEdc(t, project.id)).lists.map((list) => list.edpItemId)).toEqual([3, 4, 6]);
      return project;
    }

    it('saveEdp without an item deletes its EDC; a sibling keeps its own', async () => {
      const project = await projectWithEdcs();
      const siblingBefore = await loadEdcOk(t, member.cookie, project.id, 4);
      const { edp } = await loadProject(t, member.cookie, project.id);
      const response = await callFunction(
        t.app,
        'saveEdp',
        {
          id: project.id,
          edp: { items: edp.items.filter((item: { id: number }) => item.id !== 3), version: edp.version },
        },
        member.cookie,
      );
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);

      const stored = await storedEdc(t, project.id);
      expect(stored.lists.map((list) => list.edpItemId)).toEqual([4, 6]);
      expect(stored.rows.some((row) => row.edp_item_id === 3)).toBe(false);
      expect(await loadEdcOk(t, member.cookie, project.id, 4)).toEqual(siblingBefore);
      expect((await loadEdc(t, member.cookie, project.id, 3)).statusCode).toBe(404);
    });

    it("updateItemEdp delete removes the EDC of the item's whole subtree; the other branch keeps its own", async () => {
      const project = await projectWithEdcs();
      const otherBefore = await loadEdcOk(t, member.cookie, project.id, 6);
      const { edp } = await loadProject(t, member.cookie, project.id);
      const response = await callFunction(
        t.app,
        'updateItemEdp',
        { id: project.id, item: edp.items[1], action: 'delete', version: edp.version },
        member.cookie,
      );
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);

      const stored = await storedEdc(t, project.id);
      expect(stored.lists).toEqual([{ edpItemId: 6, version: 1 }]);
      expect(new Set(stored.rows.map((row) => row.edp_item_id))).toEqual(new Set([6]));
      expect(await loadEdcOk(t, member.cookie, project.id, 6)).toEqual(otherBefore);
    });

    it("purgeProject removes all of the project's EDC rows and leaves other projects' EDCs", async () => {
      const gone = await projectWithEdcs();
      const kept = await projectWithEdcs();
      const keptBefore = await storedEdc(t, kept.id);
      const goneBefore = await storedEdc(t, gone.id);
      // issue 30: 'Eliminar proyecto' keeps them in the Papelera; the purge deletes them
      expect((await callFunction(t.app, 'removeProject', { id: gone.id }, member.cookie)).statusCode).toBe(200);
      expect(await storedEdc(t, gone.id)).toEqual(goneBefore);
      expect((await callFunction(t.app, 'purgeProject', { id: gone.id }, admin.cookie)).statusCode).toBe(200);
      expect(await storedEdc(t, gone.id)).toEqual({ lists: [], rows: [] });
      expect(await storedEdc(t, kept.id)).toEqual(keptBefore);
    });
  });

  describe('size', () => {
    /** A valid list of `count` items: one main, one sub, and activities ACT1… under the sub. */
    function bigList(edpCode: string, count: number): WireEdcItem[] {
      return [
        { code: 'M', name: 'Principal', parentCode: edpCode, kind: 'main' },
        { code: 'M.1', name: 'Básico', parentCode: 'M', kind: 'sub' },
        ...Array.from({ length: count - 2 }, (_, index) => ({
          code: `ACT${index + 1}`,
          name: `Actividad ${index + 1}`,
          parentCode: 'M.1',
          kind: 'activity' as const,
        })),
      ];
    }

    it('accepts 10,000 items and loads them back in order', async () => {
      const project = await createEdcProject(t, member.cookie);
      const list = bigList(`${project.code}.1.1`, 10_000);
      const response = await saveEdc(t, member.cookie, project.id, { id: 3, componentesEdc: list, version: 0 });
      expect(response.statusCode).toBe(200);
      expect(response.body.result.message).toBe('EDC grabado: 10.000 ítems');
      expect((await loadEdcOk(t, member.cookie, project.id, 3))?.componentesEdc).toEqual(list);
    });

    it('refuses 10,001 items and writes nothing', async () => {
      const project = await createEdcProject(t, member.cookie);
      const before = await countEdcRows(t);
      const response = await saveEdc(t, member.cookie, project.id, {
        id: 3,
        componentesEdc: bigList(`${project.code}.1.1`, 10_001),
        version: 0,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'edc.componentesEdc: admite como máximo 10000 ítems',
      });
      expect(await countEdcRows(t)).toEqual(before);
    });
  });
});
