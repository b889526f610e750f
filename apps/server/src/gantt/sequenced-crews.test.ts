import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, uniqueCode } from '../../test/support/catalogues';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  createSequencedProject,
  linkKeys,
  loadGanttOk,
  saveSequencedEdc,
  sequencedEdcList,
} from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * Issue 35, the train with crews (rule 4b, docs/SEQUENCING.md) through loadGantt on both databases:
 * two towers (P.1 and P.2) of two rooms each (3, 4 and 6, 7), each room Excavar → Hormigonar. The
 * excavation crew is one (1 available, 1 a task): it finishes P.1 before it starts P.2; the concrete
 * crews are two (2 available): each tower has its own, in parallel. Their new tasks also get them.
 */
describe.each(databaseKinds)('the train with crews (%s)', (kind) => {
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

  it('one crew crosses from the first tower to the second; two crews work both at once', async () => {
    const excavators = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('EXC'),
      name: 'Cuadrilla de excavación',
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 1,
    });
    const concrete = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('HOR'),
      name: 'Cuadrilla de hormigón',
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 2,
    });
    const excavate = await createObject(t, member.cookie, 'actividades', {
      code: uniqueCode('AEXC'),
      name: 'Excavar',
      duration: 3,
      resourceId: excavators._id,
      crews: 1,
    });
    const pour = await createObject(t, member.cookie, 'actividades', {
      code: uniqueCode('AHOR'),
      name: 'Hormigonar',
      duration: 4,
      resourceId: concrete._id,
      crews: 1,
    });
    const project = await createSequencedProject(t, member.cookie, 'train');
    const codes: Record<number, string> = { 3: '1.1', 4: '1.2', 6: '2.1', 7: '2.2' };
    for (const room of [3, 4, 6, 7]) {
      const list = sequencedEdcList(`${project.code}.${codes[room]}`).map((item) =>
        item.code === 'ACT1'
          ? { ...item, sourceId: excavate._id }
          : item.code === 'ACT2'
            ? { ...item, sourceId: pour._id }
            : item,
      );
      await saveSequencedEdc(t, member.cookie, project.id, room, list);
    }
    const gantt = await loadGanttOk(t, member.cookie, project.id);
    const links = linkKeys(gantt);
    // the excavation: 3 → 4 → 6 → 7, one run
    expect(links).toContain('edc:3:act1>edc:4:act1');
    expect(links).toContain('edc:4:act1>edc:6:act1');
    expect(links).toContain('edc:6:act1>edc:7:act1');
    // the concrete: 3 → 4 and 6 → 7, two runs
    expect(links).toContain('edc:3:act2>edc:4:act2');
    expect(links).toContain('edc:6:act2>edc:7:act2');
    expect(links).not.toContain('edc:4:act2>edc:6:act2');
    // the second tower's excavation waits for the first's: it starts after room 4's ends
    const bySource = (key: string) => gantt.activities.find((task) => task.sourceKey === key);
    expect((bySource('edc:6:act1')?.StartDate ?? '') > (bySource('edc:4:act1')?.EndDate ?? '')).toBe(true);
    // its concrete follows its own excavation (rule 2), not the first tower's concrete
    expect((bySource('edc:6:act2')?.StartDate ?? '') > (bySource('edc:6:act1')?.EndDate ?? '')).toBe(true);
    // the generated tasks carry their activity's crew
    expect((bySource('edc:7:act1') as { Resources?: unknown } | undefined)?.Resources).toEqual([
      { resourceId: excavators._id, units: 1 },
    ]);
  });
});
