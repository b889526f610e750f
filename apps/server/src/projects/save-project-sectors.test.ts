import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  countProjectRows,
  createAreaType,
  createProject,
  loadProject,
  saveProject,
  uniqueProjectCode,
} from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

type Sector = { id: number; code: string; name: string; quantity: number; priority: number };

/**
 * Issue 35: the wizard's count of each sub-area per area ('2 torres, cada una 1 subterráneo + 12
 * pisos tipo + cubierta'): saveProject takes `sectorQuantities` per area type, generates the EDP with
 * them (the names it always gave: 'Piso tipo 1' … 'Piso tipo 12'), keeps them in the project's copy
 * of the area type, and refuses, writing nothing, a sub-area the area type does not have, one sent
 * twice, a quantity out of 0–999 and an EDP over 50.000 items.
 */
describe.each(databaseKinds)('saveProject: sub-areas per area (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let torre: { _id: string; sectores: Sector[] };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    torre = (await createAreaType(t, member.cookie, {
      name: 'Torre',
      sectores: [
        { code: 'SUB', name: 'Subterráneo', quantity: 1, priority: 1 },
        { code: 'PT', name: 'Piso tipo', quantity: 1, priority: 2 },
        { code: 'CUB', name: 'Cubierta', quantity: 1, priority: 3 },
      ],
    })) as unknown as { _id: string; sectores: Sector[] };
  });
  afterAll(async () => {
    await t?.close();
  });

  const sectorId = (name: string) => (torre.sectores.find((sector) => sector.name === name) as Sector).id;

  async function expectRefusedAndNothingWritten(project: unknown, message: string) {
    const before = await countProjectRows(t);
    const response = await saveProject(t, member.cookie, project);
    expect(response.body.error, JSON.stringify(response.body)).toEqual({ status: 'INVALID_ARGUMENT', message });
    expect(await countProjectRows(t)).toEqual(before);
  }

  it("'2 torres, cada una 1 subterráneo + 12 pisos tipo + cubierta': the EDP and the project's copy", async () => {
    const code = uniqueProjectCode('DT');
    const saved = await createProject(t, member.cookie, {
      name: 'Dos torres',
      code,
      tiposArea: [
        {
          _id: torre._id,
          quantity: 2,
          sectorQuantities: [
            { id: sectorId('Piso tipo'), quantity: 12 },
            // Subterráneo left out: the catalogue's 1
            { id: sectorId('Cubierta'), quantity: 1 },
          ],
        },
      ],
    });
    expect(saved.edpItemCount).toBe(31);
    const { edp, tiposArea } = await loadProject(t, member.cookie, saved._id);
    const tower = (n: number) => [
      `${code}.${n} Torre ${n}`,
      `${code}.${n}.1 Subterráneo`,
      ...Array.from({ length: 12 }, (_, index) => `${code}.${n}.${index + 2} Piso tipo ${index + 1}`),
      `${code}.${n}.14 Cubierta`,
    ];
    expect(edp.items.map((item: { code: string; name: string }) => `${item.code} ${item.name}`)).toEqual([
      `${code} Dos torres`,
      ...tower(1),
      ...tower(2),
    ]);
    expect(
      tiposArea.map((areaType: { quantity: number; sectores: Sector[] }) => [
        areaType.quantity,
        areaType.sectores.map((sector) => [sector.name, sector.quantity]),
      ]),
    ).toEqual([
      [
        2,
        [
          ['Subterráneo', 1],
          ['Piso tipo', 12],
          ['Cubierta', 1],
        ],
      ],
    ]);
  });

  it('a quantity 0 leaves the sub-area out of every area', async () => {
    const code = uniqueProjectCode('SB');
    const saved = await createProject(t, member.cookie, {
      name: 'Sin subterráneo',
      code,
      tiposArea: [{ _id: torre._id, quantity: 1, sectorQuantities: [{ id: sectorId('Subterráneo'), quantity: 0 }] }],
    });
    const { edp } = await loadProject(t, member.cookie, saved._id);
    expect(edp.items.map((item: { name: string }) => item.name)).toEqual([
      'Sin subterráneo',
      'Torre',
      'Piso tipo',
      'Cubierta',
    ]);
  });

  it('refuses a sub-area the area type does not have, one sent twice and a quantity out of 0–999, writing nothing', async () => {
    const base = { name: 'Mal contado', code: uniqueProjectCode('MC') };
    await expectRefusedAndNothingWritten(
      {
        ...base,
        tiposArea: [
          {
            _id: torre._id,
            quantity: 2,
            sectorQuantities: [
              { id: sectorId('Piso tipo'), quantity: 3 },
              { id: 987_654_321, quantity: 1 },
            ],
          },
        ],
      },
      'tiposArea.0.sectorQuantities.1: la subárea ya no existe en el tipo de área Torre; recarga el asistente',
    );
    await expectRefusedAndNothingWritten(
      {
        ...base,
        tiposArea: [
          {
            _id: torre._id,
            quantity: 2,
            sectorQuantities: [
              { id: sectorId('Piso tipo'), quantity: 3 },
              { id: sectorId('Piso tipo'), quantity: 4 },
            ],
          },
        ],
      },
      'project.tiposArea.0.sectorQuantities.1.id: está repetida',
    );
    await expectRefusedAndNothingWritten(
      {
        ...base,
        tiposArea: [{ _id: torre._id, quantity: 2, sectorQuantities: [{ id: sectorId('Piso tipo'), quantity: 1000 }] }],
      },
      'project.tiposArea.0.sectorQuantities.0.quantity: debe ser como máximo 999',
    );
    await expectRefusedAndNothingWritten(
      {
        ...base,
        tiposArea: [{ _id: torre._id, quantity: 2, sectorQuantities: [{ id: sectorId('Piso tipo'), quantity: -1 }] }],
      },
      'project.tiposArea.0.sectorQuantities.0.quantity: debe ser 0 o más',
    );
  });

  it('refuses a typo that would generate 100.000 items (the EDP is capped at 50.000), naming its size', async () => {
    // 999 towers × (1 + 1 + 98 + 1) + 1 = 100.900
    await expectRefusedAndNothingWritten(
      {
        name: 'Error de tipeo',
        code: uniqueProjectCode('TY'),
        tiposArea: [{ _id: torre._id, quantity: 999, sectorQuantities: [{ id: sectorId('Piso tipo'), quantity: 98 }] }],
      },
      'El EDP generado tendría 100.900 ítems; el máximo es 50.000',
    );
  });
});
