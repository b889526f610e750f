import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { functionHandlers } from '../src/functions/handlers';
import { loadObjects } from './support/catalogues';
import { createEdcProject, storedEdc } from './support/edc';
import { createEdpProject, loadEdp, storedEdp } from './support/edp';
import { callFunction, createFirstAdmin, uniqueEmail } from './support/factories';
import type { TestAccount } from './support/factories';
import { asInput, createGanttProject, edcList, loadGanttOk, storedGantt } from './support/gantt';
import { createProject, editableFields, storedProject } from './support/projects';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';
import { importEdp, importGantt, okResult, workbookOf } from './support/workbooks';
import { collectLogLines } from './support/log-lines';

/**
 * issue 17: hostile bodies, table-driven. Every callable function (enumerated from the handler
 * list, never by hand) and better-auth's email sign-in and sign-up get NUL characters in values and
 * keys, bodies they cannot decode, bodies just over their limit and deeply nested ones, signed in
 * and signed out. Each answer is a 4xx with a Spanish message, and the app logs nothing at error
 * level. Then a handful of functions that write text get a valid payload with one NUL in it: 400,
 * nothing written, and the same payload without the NUL is accepted.
 */

// Words zod and Fastify write in their English messages; a Spanish product never shows them.
const ENGLISH = /\b(Invalid|expected|received|Unrecognized|Required|Too (big|small)|Request body|Bad Request)\b/;
const CONTROL_CHARACTER_MESSAGE = /no puede contener un carácter de control \(U\+0000, NUL\)/;
/** A nesting depth past any recursion's reach, as a body within every function's limit can carry. */
const DEEP = 100_000;

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
type Case = {
  label: string;
  headers?: Record<string, string>;
  payload: string | Buffer;
  /** What the answer's message must say; any 4xx in Spanish when absent. */
  message?: RegExp;
};

function deepArray(depth: number, inner = '0'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

function deepObject(depth: number, inner = '0'): string {
  return `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

/** Top-level field names of a function's input, when its input is an object (or a union of objects). */
function inputFields(input: z.ZodType): string[] {
  if (input instanceof z.ZodObject) return Object.keys(input.shape);
  if (input instanceof z.ZodUnion) return input.options.flatMap((option) => inputFields(option as z.ZodType));
  return [];
}

/** A body of exactly `bytes` bytes: {"data":{"filler":"xxx…"}}. */
function bodyOfSize(bytes: number): string {
  const frame = '{"data":{"filler":""}}';
  return `{"data":{"filler":"${'x'.repeat(bytes - frame.length)}"}}`;
}

/** Signed out, the session is refused first: only bodies refused while reading them get another answer. */
const SIGNED_OUT_CASES = new Set([
  'NUL in a value at the top',
  'an unknown Content-Encoding',
  'gzip declared over plain text',
  'gzip over a body that is not JSON',
  'one byte over its body limit',
  'deeply nested arrays as data',
]);

/** The hostile bodies one function gets: its first input field is where nested values go. */
function functionCases(field: string, bodyLimit: number): Case[] {
  const json = (data: unknown) => JSON.stringify({ data });
  return [
    { label: 'NUL in a value at the top', payload: json('a\u0000b'), message: CONTROL_CHARACTER_MESSAGE },
    { label: 'NUL in a key at the top', payload: json({ ['a\u0000b']: 1 }), message: CONTROL_CHARACTER_MESSAGE },
    {
      label: 'NUL in a nested value',
      payload: json({ [field]: [{ nombre: 'x\u0000y' }] }),
      message: CONTROL_CHARACTER_MESSAGE,
    },
    {
      label: 'NUL in a nested key',
      payload: json({ [field]: { lista: [{ ['c\u0000']: 'x' }] } }),
      message: CONTROL_CHARACTER_MESSAGE,
    },
    {
      label: 'NUL as the raw escape in the JSON text',
      payload: `{"data":{"${field}":"texto\\u0000oculto"}}`,
      message: CONTROL_CHARACTER_MESSAGE,
    },
    {
      label: 'an unknown Content-Encoding',
      headers: { 'content-encoding': 'xyz' },
      payload: json({ [field]: 'x' }),
      message: /Content-Encoding/,
    },
    {
      label: 'gzip declared over plain text',
      headers: { 'content-encoding': 'gzip' },
      payload: json({ [field]: 'x' }),
      message: /descomprimir/,
    },
    {
      label: 'gzip over a body that is not JSON',
      headers: { 'content-encoding': 'gzip' },
      payload: gzipSync(Buffer.from('{"data": no es json')),
      message: /no es JSON válido/,
    },
    { label: 'one byte over its body limit', payload: bodyOfSize(bodyLimit + 1), message: /supera el tamaño máximo/ },
    { label: 'deeply nested arrays as data', payload: `{"data":${deepArray(DEEP)}}` },
    { label: `deeply nested objects in ${field}`, payload: `{"data":{"${field}":${deepObject(DEEP)}}}` },
    {
      label: 'NUL at the bottom of deeply nested arrays',
      payload: `{"data":{"${field}":${deepArray(DEEP, '"\\u0000"')}}}`,
      message: CONTROL_CHARACTER_MESSAGE,
    },
  ];
}

/** The hostile bodies email sign-in and sign-up get, with the {code, message} each must answer. */
function authCases(signUp: boolean): (Case & { code: string })[] {
  const valid = { email: 'persona@example.cl', password: 'xxxxxxxxxx', ...(signUp ? { name: 'Persona' } : {}) };
  const json = (body: unknown) => JSON.stringify(body);
  return [
    {
      label: 'NUL in the email (the F2 repro)',
      payload: json({ ...valid, email: 'a\u0000@b.cl' }),
      code: 'INVALID_EMAIL',
      message: /^Correo electrónico no válido: .*U\+0000, NUL/,
    },
    {
      label: 'NUL in the password',
      payload: json({ ...valid, password: 'xxxxx\u0000xxxxx' }),
      code: 'INVALID_PASSWORD',
      message: CONTROL_CHARACTER_MESSAGE,
    },
    {
      label: 'NUL in a key at the top',
      payload: json({ ...valid, ['rememberMe\u0000']: true }),
      code: 'INVALID_INPUT',
      message: CONTROL_CHARACTER_MESSAGE,
    },
    {
      label: 'NUL in a nested value',
      payload: json({ ...valid, extra: { lista: ['x\u0000'] } }),
      code: 'INVALID_INPUT',
      message: CONTROL_CHARACTER_MESSAGE,
    },
    {
      label: 'NUL in a nested key',
      payload: json({ ...valid, extra: { ['k\u0000']: 1 } }),
      code: 'INVALID_INPUT',
      message: CONTROL_CHARACTER_MESSAGE,
    },
    {
      label: 'a lone surrogate in the email',
      payload: json({ ...valid, email: 'a\ud800@b.cl' }),
      code: 'INVALID_EMAIL',
      message: /sustituto suelto/,
    },
    {
      label: 'an email that is not an address',
      payload: json({ ...valid, email: 'no-es-correo' }),
      code: 'INVALID_EMAIL',
      message: /^Correo electrónico no válido: escribe una dirección como nombre@empresa\.cl$/,
    },
    {
      label: 'an email of 255 characters',
      payload: json({ ...valid, email: `${'a'.repeat(255 - '@example.cl'.length)}@example.cl` }),
      code: 'INVALID_EMAIL',
      message: /^Correo electrónico no válido: escribe una dirección como nombre@empresa\.cl$/,
    },
    {
      label: 'an email that is a number',
      payload: json({ ...valid, email: 42 }),
      code: 'INVALID_EMAIL',
      message: /^Correo electrónico no válido: escribe una dirección como nombre@empresa\.cl$/,
    },
    {
      label: 'no email',
      payload: json({ password: valid.password, ...(signUp ? { name: 'Persona' } : {}) }),
      code: 'INVALID_EMAIL',
      message: /^Correo electrónico no válido: escribe una dirección como nombre@empresa\.cl$/,
    },
    {
      label: 'a password of 129 characters',
      payload: json({ ...valid, password: 'x'.repeat(129) }),
      code: 'INVALID_PASSWORD',
      message: /^La contraseña debe tener como máximo 128 caracteres$/,
    },
    {
      label: 'a password that is not text',
      payload: json({ ...valid, password: ['x'] }),
      code: 'INVALID_PASSWORD',
      message: /^La contraseña es obligatoria y debe ser texto$/,
    },
    ...(signUp
      ? [
          {
            label: 'no name',
            payload: json({ email: valid.email, password: valid.password }),
            code: 'INVALID_NAME',
            message: /^El nombre es obligatorio$/,
          },
          {
            label: 'a blank name',
            payload: json({ ...valid, name: '   ' }),
            code: 'INVALID_NAME',
            message: /^El nombre es obligatorio$/,
          },
          {
            label: 'a name of 121 characters',
            payload: json({ ...valid, name: 'n'.repeat(121) }),
            code: 'INVALID_NAME',
            message: /^El nombre debe tener como máximo 120 caracteres$/,
          },
          {
            label: 'NUL in the name',
            payload: json({ ...valid, name: 'Per\u0000sona' }),
            code: 'INVALID_NAME',
            message: CONTROL_CHARACTER_MESSAGE,
          },
        ]
      : []),
    {
      label: 'a body that is not JSON',
      payload: '{"email": no es json',
      code: 'INVALID_INPUT',
      message: /^El cuerpo de la solicitud no es JSON válido$/,
    },
    {
      label: 'a JSON array',
      payload: '[]',
      code: 'INVALID_INPUT',
      message: /^La solicitud debe ser un objeto JSON$/,
    },
    {
      label: 'a form instead of JSON',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%00%40b.cl&password=xxxxxxxxxx',
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: /^La solicitud debe enviarse como JSON/,
    },
    // as deep as the 64 KB an auth body may take allows
    {
      label: 'deeply nested arrays as the email',
      payload: `{"email":${deepArray(20_000)},"password":"xxxxxxxxxx"}`,
      code: 'INVALID_EMAIL',
      message: /^Correo electrónico no válido: escribe una dirección como nombre@empresa\.cl$/,
    },
    {
      label: 'deeply nested objects beside the email, and no password',
      payload: `{"email":"a@b.cl","extra":${deepObject(DEEP / 10)}}`,
      code: 'INVALID_PASSWORD',
      message: /^La contraseña es obligatoria y debe ser texto$/,
    },
  ];
}

describe.each(databaseKinds)('hostile bodies (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let lines: string[] = [];
  let checked = 0;

  beforeAll(async () => {
    const { logStream, lines: collected } = collectLogLines();
    lines = collected;
    t = await createTestApp(kind, { LOG_LEVEL: 'info' }, { logStream });
    admin = await createFirstAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    // nothing at error level (pino's 50) or above since the last test
    const errors = lines.slice(checked).filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    checked = lines.length;
    expect(errors.map((line) => line.slice(0, 500))).toEqual([]);
  });

  function post(url: string, testCase: Case, cookie?: string): Promise<Injected> {
    return t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        origin: t.config.publicUrl,
        ...(cookie ? { cookie } : {}),
        ...testCase.headers,
      },
      payload: testCase.payload,
    });
  }

  describe.each(functionHandlers.map((handler) => [handler.contract.name, handler.contract] as const))(
    '%s',
    (name, contract) => {
      const field = inputFields(contract.input)[0] ?? 'valor';

      it('refuses every hostile body signed in with 400 INVALID_ARGUMENT in Spanish', async () => {
        for (const testCase of functionCases(field, contract.bodyLimit)) {
          const response = await post(`/api/functions/${name}`, testCase, admin.cookie);
          const label = `${name}, ${testCase.label}: ${response.body.slice(0, 300)}`;
          expect(response.statusCode, label).toBe(400);
          const error = response.json<{ error: { status: string; message: string } }>().error;
          expect(error.status, label).toBe('INVALID_ARGUMENT');
          expect(error.message, label).not.toMatch(ENGLISH);
          expect(error.message.length, label).toBeGreaterThan(0);
          if (testCase.message) expect(error.message, label).toMatch(testCase.message);
        }
      });

      it('refuses hostile bodies signed out with a 4xx in Spanish', async () => {
        const cases = functionCases(field, contract.bodyLimit).filter((testCase) =>
          SIGNED_OUT_CASES.has(testCase.label),
        );
        expect(cases).toHaveLength(SIGNED_OUT_CASES.size);
        for (const testCase of cases) {
          const response = await post(`/api/functions/${name}`, testCase);
          const label = `${name}, ${testCase.label}: ${response.body.slice(0, 300)}`;
          const error = response.json<{ error: { status: string; message: string } }>().error;
          // a body refused while reading it is refused before the session is looked at
          if (response.statusCode === 400) expect(error.status, label).toBe('INVALID_ARGUMENT');
          else {
            expect(response.statusCode, label).toBe(401);
            expect(error).toEqual({ status: 'UNAUTHENTICATED', message: 'Tu sesión expiró o no has iniciado sesión' });
          }
          expect(error.message, label).not.toMatch(ENGLISH);
        }
      });
    },
  );

  describe.each([
    ['sign-in', '/api/auth/sign-in/email', false],
    ['sign-up', '/api/auth/sign-up/email', true],
  ] as const)('%s with email', (_label, url, signUp) => {
    const cases = authCases(signUp);

    it.each([
      ['signed out', false],
      ['signed in', true],
    ] as const)(
      'refuses every bad body %s with 400 {code, message} in Spanish, before any query',
      async (_how, withCookie) => {
        const before = await t.db.selectFrom('login_failure').selectAll().execute();
        const users = await t.db.selectFrom('user').select('id').execute();
        for (const testCase of cases) {
          const response = await post(url, testCase, withCookie ? admin.cookie : undefined);
          const label = `${url}, ${testCase.label}: ${response.body.slice(0, 300)}`;
          const body = response.json<{ code: string; message: string }>();
          expect(response.statusCode, label).toBe(testCase.code === 'UNSUPPORTED_MEDIA_TYPE' ? 415 : 400);
          expect(body.code, label).toBe(testCase.code);
          if (testCase.message) expect(body.message, label).toMatch(testCase.message);
          expect(body.message, label).not.toMatch(ENGLISH);
        }
        // no failure counted, no account made
        expect(await t.db.selectFrom('login_failure').selectAll().execute()).toEqual(before);
        expect(await t.db.selectFrom('user').select('id').execute()).toEqual(users);
      },
    );

    it.each([
      [
        'an unknown Content-Encoding',
        { 'content-encoding': 'xyz' },
        JSON.stringify({ email: 'a@b.cl' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /^La solicitud usa una codificación \(Content-Encoding\) que el servidor no admite/,
      ],
      [
        'gzip declared over plain text',
        { 'content-encoding': 'gzip' },
        JSON.stringify({ email: 'a@b.cl' }),
        400,
        'BAD_REQUEST',
        /^No se pudo descomprimir el cuerpo de la solicitud/,
      ],
      [
        'a body over 64 KB',
        {},
        JSON.stringify({ email: 'a@b.cl', password: 'x'.repeat(64 * 1024) }),
        413,
        'PAYLOAD_TOO_LARGE',
        /^La solicitud supera el tamaño máximo de 64 KB/,
      ],
    ])('refuses %s with a 4xx in Spanish', async (_case, headers, payload, status, code, message) => {
      for (const cookie of [undefined, admin.cookie]) {
        const response = await post(url, { label: '', headers, payload }, cookie);
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json()).toEqual({ code, message: expect.stringMatching(message) });
      }
    });
  });

  describe('a valid payload with one NUL in it is refused, writes nothing, and is accepted without it', () => {
    /** Sends `dirty` (400 naming `field`, nothing changed per `snapshot`), then `clean` (200). */
    async function refusedThenAccepted(
      name: string,
      dirty: unknown,
      clean: unknown,
      field: string,
      snapshot: () => Promise<unknown>,
    ) {
      const before = await snapshot();
      const refused = await callFunction(t.app, name, dirty, admin.cookie);
      expect(refused.statusCode, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: `${field}: no puede contener un carácter de control (U+0000, NUL); quítalo e inténtalo de nuevo`,
      });
      expect(await snapshot()).toEqual(before);
      const accepted = await callFunction(t.app, name, clean, admin.cookie);
      expect(accepted.statusCode, JSON.stringify(accepted.body).slice(0, 500)).toBe(200);
      expect(await snapshot()).not.toEqual(before);
    }

    it('saveObject (the F1 repro)', async () => {
      const object = (name: string) => ({ collection: 'actividades', object: { code: 'OK1', name } });
      await refusedThenAccepted(
        'saveObject',
        object('nombre\u0000oculto'),
        object('nombre visible'),
        'object.name',
        async () => loadObjects(t, admin.cookie, 'actividades'),
      );
    });

    it('saveEdp', async () => {
      const project = await createEdpProject(t, admin.cookie, 'FZ');
      const items = (name: string) => project.edp.items.map((item) => (item.id === 4 ? { ...item, name } : item));
      await refusedThenAccepted(
        'saveEdp',
        { id: project.id, edp: { items: items('Andén\u00002'), version: 1 } },
        { id: project.id, edp: { items: items('Andén dos'), version: 1 } },
        'edp.items.3.name',
        () => storedEdp(t, project.id),
      );
    });

    it('updateItemEdp', async () => {
      const project = await createEdpProject(t, admin.cookie, 'FU');
      const item = project.edp.items.find((candidate) => candidate.id === 4);
      const data = (name: string) => ({ id: project.id, item: { ...item, name }, action: 'update', version: 1 });
      await refusedThenAccepted('updateItemEdp', data('\u0000'), data('Andén dos'), 'item.name', () =>
        storedEdp(t, project.id),
      );
      expect((await loadEdp(t, admin.cookie, project.id)).items[3]?.name).toBe('Andén dos');
    });

    it('saveEdc', async () => {
      const project = await createEdcProject(t, admin.cookie, 'FC');
      const list = edcList(`${project.code}.1.1`);
      const withName = (name: string) => list.map((item, index) => (index === 2 ? { ...item, name } : item));
      await refusedThenAccepted(
        'saveEdc',
        { id: project.id, edc: { id: 3, componentesEdc: withName('Exca\u0000var'), version: 0 } },
        { id: project.id, edc: { id: 3, componentesEdc: withName('Excavar'), version: 0 } },
        'edc.componentesEdc.2.name',
        () => storedEdc(t, project.id),
      );
    });

    it('saveGantt', async () => {
      const project = await createGanttProject(t, admin.cookie, { prefix: 'FG' });
      const gantt = await loadGanttOk(t, admin.cookie, project.id);
      const activities = asInput(gantt.activities);
      const index = activities.length - 1;
      const renamed = (name: string) =>
        activities.map((task, at) => (at === index ? { ...task, TaskName: name } : task));
      await refusedThenAccepted(
        'saveGantt',
        { id: project.id, gantt: { activities: renamed('Hormi\u0000gonar') }, version: gantt.version },
        { id: project.id, gantt: { activities: renamed('Hormigonar bien') }, version: gantt.version },
        `gantt.activities.${index}.TaskName`,
        () => storedGantt(t, project.id),
      );
    });

    it('saveUser', async () => {
      const email = uniqueEmail('nul');
      const user = (name: string) => ({ user: { name, email, password: 'contraseña-larga-1', admin: false } });
      await refusedThenAccepted('saveUser', user('Nueva\u0000Persona'), user('Nueva Persona'), 'user.name', () =>
        t.db.selectFrom('user').select(['email', 'name']).where('email', '=', email).execute(),
      );
    });

    it('saveProfile', async () => {
      const profile = (jobTitle: string) => ({ location: 'Santiago', phoneNumber: '', birthday: '', jobTitle });
      await refusedThenAccepted(
        'saveProfile',
        profile('Jefa\u0000de obra'),
        profile('Jefa de obra'),
        'jobTitle',
        async () => (await callFunction(t.app, 'loadProfile', null, admin.cookie)).body.result,
      );
    });

    it('updateProject', async () => {
      const project = await createProject(t, admin.cookie, { name: 'Edificio', code: 'FZP1', tiposArea: [] });
      const data = (name: string) => ({
        id: project._id,
        project: { ...editableFields(project), name },
        version: project.version,
      });
      await refusedThenAccepted('updateProject', data('Edificio\u0000B'), data('Edificio B'), 'project.name', () =>
        storedProject(t, project._id),
      );
    });
  });

  describe('an imported workbook cannot carry a control character into the database', () => {
    // U+0085 (NEL): what '…' becomes when a Windows-1252 text is read as Latin-1; exceljs keeps it
    const NEL = '\u0085';

    it('importEdp lists the row in its preview and refuses the file, writing nothing', async () => {
      const project = await createEdpProject(t, admin.cookie, 'FI');
      const rows = [
        ['Código', 'Nombre', 'Nivel', 'Unidad'],
        ...project.edp.items.map((item) => [item.code, item.name, item.code.split('.').length - 1, '']),
      ];
      const row = rows[3] as unknown[];
      row[1] = `Andén${NEL}2`;
      const content = await workbookOf(rows, 'EDP');
      const before = await storedEdp(t, project.id);
      const message = `Fila 4: el nombre contiene un carácter de control (U+0085); quítalo del libro`;
      const dry = okResult(await importEdp(t, admin.cookie, { id: project.id, content, version: 1, dryRun: true }));
      expect(dry.preview.errors).toEqual([{ row: 4, field: 'Nombre', message }]);
      const refused = await importEdp(t, admin.cookie, { id: project.id, content, version: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.body.error.message).toBe(`No se importó el EDP; corrige el libro: ${message}`);
      expect(await storedEdp(t, project.id)).toEqual(before);
    });

    it('importGantt refuses a new task whose name carries one, writing nothing', async () => {
      const project = await createGanttProject(t, admin.cookie, { prefix: 'FJ' });
      const gantt = await loadGanttOk(t, admin.cookie, project.id);
      const content = await workbookOf(
        [
          ['Id', 'Código', 'Nombre'],
          [999, 'NUEVA', `Tarea${NEL}nueva`],
        ],
        'Gantt',
      );
      const before = await storedGantt(t, project.id);
      const refused = await importGantt(t, admin.cookie, { id: project.id, content, version: gantt.version });
      expect(refused.statusCode).toBe(400);
      expect(refused.body.error.message).toBe(
        'No se importó el Gantt; corrige el libro: Fila 2: el nombre contiene un carácter de control (U+0085); quítalo del libro',
      );
      expect(await storedGantt(t, project.id)).toEqual(before);
    });
  });
});
