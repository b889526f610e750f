import { addDecimals, multiplyDecimals, roundClp, subtractDecimals } from '@cimiento/domain';
import type { EstadoPago, EstadoPagoLine } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../src/db/schema';

/**
 * Estados de pago for the tests of their documents (issue 16): hand-made EPs as the EP lane stores
 * them, written straight into `estado_pago`, and the text and page count of a PDF read back.
 */

/**
 * EP N°2 of a UF contract, computed by hand (UF, 2 decimals on the document):
 * - P.1 'Obra gruesa' (a chapter with its own price: 1 gl × 120) done before: 120 → 120.
 * - P.1.1 850,5 m3 × 0,4235 = 360,18675 → 360,19; 40 % → 75,5 %: 144,08 → 271,94 (period 127,86).
 * - P.1.2 120 m3 × 4,1 = 492; 0 % → 25 %: 0 → 123.
 * - P.1.3 unpriced: 50 % → 100 %, amounts 0.
 * Contract 972,19; previous 264,08; accumulated 514,94 (52,97 %); period 250,86. Retention 5 %
 * capped at 2 % of the contract (19,44): accumulated 19,44, previous 13,20, period 6,24. Advance
 * 500: repaid 264,84 to date, 135,82 before, 129,02 now. Net 250,86 − 6,24 − 129,02 = 115,60;
 * IVA 19 % 21,96; total 137,56. At UF 39.412,58: net $4.556.094, IVA $865.500, total $5.421.594.
 */
export function ufEstadoPago(overrides: Partial<EstadoPago> = {}): EstadoPago {
  return {
    number: 2,
    cutoff: '2026-03-01',
    periodStart: '2026-02-01',
    periodEnd: '2026-02-28',
    status: 'approved',
    createdAt: '2026-03-02T13:15:00.000Z',
    createdBy: 'Pía Ñúñez',
    approvedAt: '2026-03-03T14:30:00.000Z',
    approvedBy: 'José Muñoz',
    currency: 'UF',
    settings: {
      contract: 'Contrato 2026-014 (suma alzada)',
      contractor: 'Constructora Ñandú Ltda.',
      retentionPercent: '5',
      retentionCapPercent: '2',
      advanceAmount: '500',
      vatPercent: '19',
    },
    uf: { date: '2026-03-01', value: '39412.58', netClp: '4556094', vatClp: '865500', totalClp: '5421594' },
    lines: [
      {
        edpItemId: 1,
        code: 'P.1',
        name: 'Obra gruesa',
        level: 1,
        unit: 'gl',
        quantity: '1',
        unitPrice: '120',
        budget: '120',
        previousPercent: '100',
        periodPercent: '0',
        accumulatedPercent: '100',
        previousAmount: '120',
        periodAmount: '0',
        accumulatedAmount: '120',
      },
      {
        edpItemId: 2,
        code: 'P.1.1',
        name: 'Excavación y movimiento de tierras',
        level: 2,
        unit: 'm3',
        quantity: '850.5',
        unitPrice: '0.4235',
        budget: '360.19',
        previousPercent: '40',
        periodPercent: '35.5',
        accumulatedPercent: '75.5',
        previousAmount: '144.08',
        periodAmount: '127.86',
        accumulatedAmount: '271.94',
      },
      {
        edpItemId: 3,
        code: 'P.1.2',
        name: 'Hormigón H-30 en fundaciones',
        level: 2,
        unit: 'm3',
        quantity: '120',
        unitPrice: '4.1',
        budget: '492',
        previousPercent: '0',
        periodPercent: '25',
        accumulatedPercent: '25',
        previousAmount: '0',
        periodAmount: '123',
        accumulatedAmount: '123',
      },
      {
        edpItemId: 4,
        code: 'P.1.3',
        name: 'Trazado y niveles',
        level: 2,
        budget: '0',
        previousPercent: '50',
        periodPercent: '50',
        accumulatedPercent: '100',
        previousAmount: '0',
        periodAmount: '0',
        accumulatedAmount: '0',
      },
    ],
    totals: {
      contractAmount: '972.19',
      previousAmount: '264.08',
      periodAmount: '250.86',
      accumulatedAmount: '514.94',
      accumulatedPercent: '52.97',
      retentionAccumulated: '19.44',
      retentionPeriod: '6.24',
      retentionCapped: true,
      advanceRepaymentAccumulated: '264.84',
      advanceRepaymentPeriod: '129.02',
      net: '115.6',
      vat: '21.96',
      total: '137.56',
    },
    ...overrides,
  };
}

/**
 * A long CLP draft EP (N°`number`): `count` partidas in chapters of ten (a chapter line, then nine
 * of its partidas), each partida q × p pesos with 30 % before and 60 % now. Totals are the lines'
 * sums; no retention nor advance; IVA 19 %.
 */
export function longEstadoPago(count: number, number = 3): EstadoPago {
  const lines: EstadoPagoLine[] = [];
  for (let index = 0; index < count; index += 1) {
    const chapter = Math.floor(index / 10) + 1;
    if (index % 10 === 0) {
      lines.push({
        edpItemId: index + 1,
        code: `C.${chapter}`,
        name: `Capítulo ${chapter}: obras de urbanización y paisajismo`,
        level: 1,
        budget: '0',
        previousPercent: '0',
        periodPercent: '0',
        accumulatedPercent: '0',
        previousAmount: '0',
        periodAmount: '0',
        accumulatedAmount: '0',
      });
      continue;
    }
    const quantity = String(10 + index);
    const unitPrice = String(12_345 + index * 7);
    const budget = roundClp(multiplyDecimals(quantity, unitPrice));
    const previousAmount = roundClp(multiplyDecimals(budget, '0.3'));
    const accumulatedAmount = roundClp(multiplyDecimals(budget, '0.6'));
    lines.push({
      edpItemId: index + 1,
      code: `C.${chapter}.${index % 10}`,
      name: `Partida ${index}: pavimento de hormigón con terminación peinada`,
      level: 2,
      unit: 'm2',
      quantity,
      unitPrice,
      budget,
      previousPercent: '30',
      periodPercent: '30',
      accumulatedPercent: '60',
      previousAmount,
      periodAmount: subtractDecimals(accumulatedAmount, previousAmount),
      accumulatedAmount,
    });
  }
  const sum = (pick: (line: EstadoPagoLine) => string) => addDecimals('0', ...lines.map(pick));
  const periodAmount = sum((line) => line.periodAmount);
  const vat = roundClp(multiplyDecimals(periodAmount, '0.19'));
  return {
    number,
    cutoff: '2026-05-01',
    periodStart: '2026-04-01',
    periodEnd: '2026-04-30',
    status: 'draft',
    createdAt: '2026-05-02T12:00:00.000Z',
    createdBy: 'Pía Ñúñez',
    currency: 'CLP',
    settings: {
      contract: 'Contrato 77',
      contractor: 'Constructora Austral SpA',
      retentionPercent: '0',
      retentionCapPercent: '0',
      advanceAmount: '0',
      vatPercent: '19',
    },
    lines,
    totals: {
      contractAmount: sum((line) => line.budget),
      previousAmount: sum((line) => line.previousAmount),
      periodAmount,
      accumulatedAmount: sum((line) => line.accumulatedAmount),
      accumulatedPercent: '60',
      retentionAccumulated: '0',
      retentionPeriod: '0',
      retentionCapped: false,
      advanceRepaymentAccumulated: '0',
      advanceRepaymentPeriod: '0',
      net: periodAmount,
      vat,
      total: addDecimals(periodAmount, vat),
    },
  };
}

/** `ep` written into `estado_pago` as the EP lane stores it: columns, and the rest as `document`. */
export async function insertEstadoPago(db: Kysely<Database>, projectId: string, ep: EstadoPago): Promise<void> {
  const { number, cutoff, status, createdAt, createdBy, approvedAt, approvedBy, ...rest } = ep;
  const document = {
    periodStart: rest.periodStart,
    periodEnd: rest.periodEnd,
    currency: rest.currency,
    settings: rest.settings,
    ...(rest.uf ? { uf: rest.uf } : {}),
    lines: rest.lines,
    totals: rest.totals,
  };
  await db
    .insertInto('estado_pago')
    .values({
      _id: uuidv7(),
      project_id: projectId,
      number,
      cutoff,
      status,
      created_at: createdAt,
      created_by: null,
      created_by_name: createdBy,
      approved_at: approvedAt ?? null,
      approved_by: null,
      approved_by_name: approvedBy ?? null,
      document: JSON.stringify(document),
    })
    .execute();
}

/**
 * The text an uncompressed PDF written by pdfkit shows, page by page: each text object's strings
 * (pdfkit writes them as hex WinAnsi codes in TJ arrays, split where it kerns) joined, one text
 * object a line.
 */
export function pdfPagesText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const streams = [...source.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((match) => match[1] as string);
  const pages: string[] = [];
  for (const stream of streams) {
    if (!/\bBT\b/.test(stream)) continue;
    const texts: string[] = [];
    for (const block of stream.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      const hexes = [...(block[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)].map((match) => match[1] as string);
      texts.push(Buffer.from(hexes.join(''), 'hex').toString('latin1'));
    }
    pages.push(texts.join('\n'));
  }
  return pages;
}

/** The page count a PDF declares (its page tree's /Count). */
export function pdfPageCount(pdf: Buffer): number {
  const match = /\/Type \/Pages\s*\/Count (\d+)/.exec(pdf.toString('latin1'));
  if (!match) throw new Error('el PDF no declara sus páginas');
  return Number(match[1]);
}
