import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstadoPago, pdfPageCount, pdfPagesText, ufEstadoPago } from '../../test/support/estado-pago';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import { createProject, uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { readEstadoPago } from '../costs/estado-pago-read';
import { HttpsError } from '../core/https-error';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

type WireFile = { fileName: string; mimeType: string; content: string; message: string };

describe.each(databaseKinds)('exportEstadoPago (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let projectId: string;
  let code: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie, { name: 'Pía Ñúñez' });
    code = uniqueProjectCode('EP');
    const project = await createProject(t, member.cookie, { name: 'Edificio Los Ñires', code, currency: 'UF' });
    projectId = project._id;
    await insertEstadoPago(t.db, projectId, ufEstadoPago({ number: 1, cutoff: '2026-02-01', uf: undefined }));
    await insertEstadoPago(t.db, projectId, ufEstadoPago());
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(data: unknown, cookie: string | undefined = member.cookie): Promise<CallResult> {
    return callFunction(t.app, 'exportEstadoPago', data, cookie);
  }

  async function ok(data: unknown): Promise<WireFile> {
    const response = await call(data);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
    return response.body.result as WireFile;
  }

  async function refused(data: unknown, cookie?: string) {
    const response = await call(data, cookie);
    return {
      statusCode: response.statusCode,
      status: response.body.error?.status,
      message: response.body.error?.message,
    };
  }

  it('reads the stored EP back whole: the columns with the document', async () => {
    expect(await readEstadoPago(t.db, projectId, 2)).toEqual(ufEstadoPago());
    const first = await readEstadoPago(t.db, projectId, 1);
    expect(first).toMatchObject({ number: 1, cutoff: '2026-02-01', status: 'approved', approvedBy: 'José Muñoz' });
    expect(first.uf).toBeUndefined();
    await expect(readEstadoPago(t.db, projectId, 9)).rejects.toThrow(
      new HttpsError('NOT_FOUND', 'No existe el estado de pago N°9'),
    );
  });

  it("answers EP N°2 as an Excel workbook whose header and totals are the EP's", async () => {
    const ep = ufEstadoPago();
    const file = await ok({ id: projectId, number: 2, format: 'xlsx' });
    expect(file.fileName).toBe(`EP-${code}-N2.xlsx`);
    expect(file.mimeType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.message).toBe('Estado de pago N°2 exportado a Excel');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.content, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Estado de pago');
    if (!sheet) throw new Error('falta la hoja');
    const texts = new Map<string, ExcelJS.CellValue>();
    const totals = new Map<string, [ExcelJS.CellValue, ExcelJS.CellValue]>();
    sheet.eachRow((row) => {
      const label = row.getCell('A').value;
      // the header block comes first (the table's 'Código' is further down)
      if (typeof label === 'string' && !texts.has(label)) texts.set(label, row.getCell('B').value);
      const total = row.getCell('G').value;
      if (typeof total === 'string') totals.set(total, [row.getCell('K').value, row.getCell('L').value]);
    });
    expect(sheet.getCell('A1').value).toBe('Estado de pago N°2');
    expect(texts.get('Proyecto')).toBe('Edificio Los Ñires');
    expect(texts.get('Código')).toBe(code);
    expect(texts.get('Contrato')).toBe('Contrato 2026-014 (suma alzada)');
    expect(texts.get('Contratista')).toBe('Constructora Ñandú Ltda.');
    expect(texts.get('Período')).toBe('01-02-2026 al 28-02-2026');
    expect(String(texts.get('Valor UF al 01-03-2026'))).toBe('39412.58');
    expect(texts.get('Estado')).toBe('Aprobado por José Muñoz el 03-03-2026 11:30');
    const figure = (label: string) => (totals.get(label) ?? []).map((value) => (value === null ? null : String(value)));
    expect(figure('Total contrato')).toEqual([ep.totals.contractAmount, null]);
    expect(figure('Monto del período')).toEqual([ep.totals.periodAmount, null]);
    expect(figure('Retención (5 %; tope alcanzado: 2 % del contrato)')).toEqual([ep.totals.retentionPeriod, null]);
    expect(figure('Devolución anticipo')).toEqual([ep.totals.advanceRepaymentPeriod, null]);
    expect(figure('Neto')).toEqual(['115.6', ep.uf?.netClp]);
    expect(figure('IVA (19 %)')).toEqual([ep.totals.vat, ep.uf?.vatClp]);
    expect(figure('Total a pagar')).toEqual([ep.totals.total, ep.uf?.totalClp]);
  });

  it('answers EP N°2 as a PDF with the same header and totals', async () => {
    const file = await ok({ id: projectId, number: 2, format: 'pdf' });
    expect(file.fileName).toBe(`EP-${code}-N2.pdf`);
    expect(file.mimeType).toBe('application/pdf');
    expect(file.message).toBe('Estado de pago N°2 exportado a PDF');
    const pdf = Buffer.from(file.content, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    // the answer is compressed; its text is checked in estado-pago-pdf.test.ts
    expect(pdfPagesText(pdf)).toEqual([]);
  });

  it("answers the EP asked for, of the project asked for: another project's N°1 is not this one's", async () => {
    const other = await createProject(t, member.cookie, { name: 'Otra obra', code: uniqueProjectCode('EQ') });
    expect(await refused({ id: other._id, number: 1, format: 'xlsx' })).toEqual({
      statusCode: 404,
      status: 'NOT_FOUND',
      message: 'No existe el estado de pago N°1',
    });
    const first = await ok({ id: projectId, number: 1, format: 'xlsx' });
    expect(first.fileName).toBe(`EP-${code}-N1.xlsx`);
  });

  it('refuses an unknown project or EP, a bad format and the signed-out caller', async () => {
    expect(await refused({ id: UNKNOWN_ID, number: 1, format: 'pdf' })).toEqual({
      statusCode: 404,
      status: 'NOT_FOUND',
      message: 'Proyecto no encontrado',
    });
    expect(await refused({ id: projectId, number: 3, format: 'pdf' })).toEqual({
      statusCode: 404,
      status: 'NOT_FOUND',
      message: 'No existe el estado de pago N°3',
    });
    const badFormat = await refused({ id: projectId, number: 2, format: 'docx' });
    expect(badFormat).toMatchObject({ statusCode: 400, status: 'INVALID_ARGUMENT' });
    expect(badFormat.message).toContain('debe ser xlsx o pdf');
    expect(await refused({ id: projectId, number: 0, format: 'pdf' })).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(await refused({ id: projectId, number: 2, format: 'pdf' }, '')).toMatchObject({
      statusCode: 401,
      status: 'UNAUTHENTICATED',
    });
  });
});
