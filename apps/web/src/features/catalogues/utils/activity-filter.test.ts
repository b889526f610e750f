import { searchKey } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { filterActivities } from './activity-filter';

const activities = [
  { _id: 'a1', code: 'EXC', name: 'Excavación' },
  { _id: 'a2', code: 'HRM', name: 'Hormigonado' },
  { _id: 'a3', code: 'ENT', name: 'Entibación de zanjas' },
  { _id: 'a4', code: 'CAÑ', name: 'Instalación de cañerías' },
];
const codes = (list: readonly { code: string }[]) => list.map((activity) => activity.code);

describe("searchKey (the domain's, as the filter compares texts)", () => {
  it('lower-cases and drops accents, as es-CL users type', () => {
    expect(searchKey('Excavación ÁREA Ñuble')).toBe('excavacion area nuble');
  });
});

describe('filterActivities (the component dialog’s activity filter)', () => {
  const none = new Set<string>();

  it('shows every activity with an empty filter', () => {
    expect(codes(filterActivities(activities, none, { text: '  ', isOnlyTicked: false }))).toEqual([
      'EXC',
      'HRM',
      'ENT',
      'CAÑ',
    ]);
  });

  it('matches the name without regard to case or accents', () => {
    expect(codes(filterActivities(activities, none, { text: 'ACION', isOnlyTicked: false }))).toEqual([
      'EXC',
      'ENT',
      'CAÑ',
    ]);
    expect(codes(filterActivities(activities, none, { text: 'canerias', isOnlyTicked: false }))).toEqual(['CAÑ']);
  });

  it('matches the code too', () => {
    expect(codes(filterActivities(activities, none, { text: 'hrm', isOnlyTicked: false }))).toEqual(['HRM']);
  });

  it('shows only the ticked ones when asked, still narrowed by the text', () => {
    const ticked = new Set(['a1', 'a3']);
    expect(codes(filterActivities(activities, ticked, { text: '', isOnlyTicked: true }))).toEqual(['EXC', 'ENT']);
    expect(codes(filterActivities(activities, ticked, { text: 'zanja', isOnlyTicked: true }))).toEqual(['ENT']);
  });
});
