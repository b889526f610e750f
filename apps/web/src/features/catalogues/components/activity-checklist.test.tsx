import type { Activity, SubcomponentActivity } from '@cimiento/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { ActivityChecklist } from './activity-checklist';

const activities: Activity[] = (
  [
    ['EXC', 'Excavación', 3],
    ['HRM', 'Hormigonado', 5],
    ['ENT', 'Entibación de zanjas', 2],
    ['MOL', 'Moldaje y descimbre', 0],
  ] as const
).map(([code, name, duration], index) => ({
  _id: `a-${code}`,
  id: `a-${code}`,
  code,
  name,
  priority: index + 1,
  duration,
}));

/** The checklist with its ticks kept by the test, as the component dialog keeps them in its rows. */
function Harness({
  initial,
  onTicked,
}: {
  initial: SubcomponentActivity[];
  onTicked?: (checked: SubcomponentActivity[]) => void;
}) {
  const [checked, setChecked] = useState(initial);
  return (
    <>
      <ActivityChecklist
        subcomponentName="Zapatas"
        activities={activities}
        checked={checked}
        onChange={(next) => {
          setChecked(next);
          onTicked?.(next);
        }}
      />
      <output aria-label="marcadas">{checked.map((activity) => activity.code).join(',')}</output>
    </>
  );
}

const boxes = () =>
  within(screen.getByRole('group', { name: 'Zapatas - Actividades' }))
    .queryAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

describe('ActivityChecklist', () => {
  it('filters by code or name without regard to case or accents, counts, and keeps ticks of hidden activities', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[{ ...activities[0]! }]} />);
    expect(boxes()).toHaveLength(4);
    expect(screen.getByText('4 de 4 · 1 marcada')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Filtrar actividades' }), 'ENTIBACION');
    expect(boxes()).toEqual(['ENT · Entibación de zanjas · 2 d']);
    expect(screen.getByText('1 de 4 · 1 marcada')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'ENT · Entibación de zanjas · 2 d' }));
    expect(screen.getByRole('status', { name: 'marcadas' }).textContent).toBe('EXC,ENT');

    await user.clear(screen.getByRole('searchbox', { name: 'Filtrar actividades' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar actividades' }), 'mol');
    expect(boxes()).toEqual(['MOL · Moldaje y descimbre · hito']);
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar actividades' }), 'xyz');
    expect(screen.getByText('Ninguna actividad coincide con el filtro.')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Filtrar actividades' }));
    expect(screen.getByRole('checkbox', { name: 'EXC · Excavación · 3 d' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'ENT · Entibación de zanjas · 2 d' })).toHaveProperty('checked', true);
  });

  it("'Mostrar solo marcadas' keeps the rows ticked when it was switched on, even once unticked", async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[{ ...activities[0]! }, { ...activities[3]! }]} />);
    await user.click(screen.getByRole('switch', { name: 'Mostrar solo marcadas' }));
    expect(boxes()).toEqual(['EXC · Excavación · 3 d', 'MOL · Moldaje y descimbre · hito']);
    await user.click(screen.getByRole('checkbox', { name: 'MOL · Moldaje y descimbre · hito' }));
    expect(boxes()).toEqual(['EXC · Excavación · 3 d', 'MOL · Moldaje y descimbre · hito']);
    expect(screen.getByText('2 de 4 · 1 marcada')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'marcadas' }).textContent).toBe('EXC');
    await user.click(screen.getByRole('switch', { name: 'Mostrar solo marcadas' }));
    expect(boxes()).toHaveLength(4);
  });

  it("shows each activity's duration (0: a milestone) and ticks it with its duration, as the copy the EDC takes", async () => {
    const user = userEvent.setup();
    const ticks: SubcomponentActivity[][] = [];
    renderWithApp(<Harness initial={[]} onTicked={(checked) => ticks.push(checked)} />);
    expect(boxes()).toEqual([
      'EXC · Excavación · 3 d',
      'HRM · Hormigonado · 5 d',
      'ENT · Entibación de zanjas · 2 d',
      'MOL · Moldaje y descimbre · hito',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'MOL · Moldaje y descimbre · hito' }));
    await user.click(screen.getByRole('checkbox', { name: 'HRM · Hormigonado · 5 d' }));
    expect(ticks.at(-1)).toEqual([
      { _id: 'a-MOL', id: 'a-MOL', code: 'MOL', name: 'Moldaje y descimbre', priority: 4, duration: 0 },
      { _id: 'a-HRM', id: 'a-HRM', code: 'HRM', name: 'Hormigonado', priority: 2, duration: 5 },
    ]);
  });
});
