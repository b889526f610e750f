import { describe, expect, it } from 'vitest';
import { mapXer } from './map-xer';
import { readP6File } from './p6-test-support';
import { readXer } from './read-xer';

function schedule(name: string) {
  const read = readXer(readP6File(name));
  if (!read.ok) throw new Error(read.error);
  const result = mapXer(read.xer);
  if (!result.ok) throw new Error(result.error);
  return result.schedule;
}

describe("P6's resources and assignments (issue 35)", () => {
  it('mpxj resource-rates-test: the one labour resource, its maximum and first rate, assigned with its units, in USD', () => {
    const mapped = schedule('mpxj-resource-rates-test.xer');
    expect(mapped.resources).toEqual([
      { uid: 1, name: 'Resource 1', initials: 'R1', kind: 'work', maxUnits: 1, rate: 1 },
    ]);
    expect(mapped.currencyCode).toBe('USD');
    expect(mapped.hoursPerDay).toBe(8);
    const assigned = mapped.tasks.filter((task) => task.resources !== undefined);
    expect(assigned).toHaveLength(1);
    // the file's five assignments are the same resource on the one activity: it comes in once
    expect(assigned[0]?.resources).toEqual([{ resourceUid: 1, units: 1 }]);
  });

  it('pyp6xer: equipment (RT_Equip) comes in as equipment, with its units per hour of the day (0,125), in pounds', () => {
    const mapped = schedule('pyp6xer-SP10-COST-LOADED.xer');
    expect(mapped.currencyCode).toBe('GBP');
    const equipment = mapped.resources?.filter((resource) => resource.kind === 'equipment') ?? [];
    expect(equipment.length).toBeGreaterThan(0);
    const units = mapped.tasks.flatMap((task) => task.resources ?? []).map((entry) => entry.units);
    expect(units).toContain(0.13);
  });

  it("aspose-test: a role's assignment (no resource) is not a resource; the resources' are", () => {
    const mapped = schedule('aspose-test.xer');
    const withResources = mapped.tasks.filter((task) => task.resources !== undefined);
    // of its two activities, one has only role assignments; the other four resources and a role
    expect(withResources).toHaveLength(1);
    expect(withResources[0]?.resources?.map((entry) => entry.resourceUid)).toEqual([1, 2, 3, 4]);
    expect(mapped.resources?.map((resource) => resource.name)).toEqual(['Labor 1', 'Labor 2', 'Labor 3', 'Labor 4']);
  });
});
