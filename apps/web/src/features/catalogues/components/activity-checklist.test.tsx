import type { Activity, SubcomponentActivity } from '@cimiento/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { ActivityChecklist } from './activity-checklist';

const activities: Activity[] = [
  ['EXC', 'Excavación'],
  ['HRM', 'Hormigonado'],
  ['ENT', 'Entibación de zanjas'],
  ['MOL', 'Moldaje y descimbre'],
].map(([code = '', name = ''], index) => ({ _id: `a-${code}`, id: `a-${code}`, code, name, priority: index + 1 }));

/** The checklist with its ticks kept by the test, as the component dialog keeps them in its rows. */
function Harness({ initial }: { initial: SubcomponentActivity[] }) {
  const [checked, setChecked] = useState(initial);
  return (
    <>
      <ActivityChecklist subcomponentName="Zapatas" activities={activities} checked={checked} onChange={setChecked} />
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
    expect(boxes()).toEqual(['ENT · Entibación de zanjas']);
    expect(screen.getByText('1 de 4 · 1 marcada')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'ENT · Entibación de zanjas' }));
    expect(screen.getByRole('status', { name: 'marcadas' }).textContent).toBe('EXC,ENT');

    await user.clear(screen.getByRole('searchbox', { name: 'Filtrar actividades' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar actividades' }), 'mol');
    expect(boxes()).toEqual(['MOL · Moldaje y descimbre']);
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar actividades' }), 'xyz');
    expect(screen.getByText('Ninguna actividad coincide con el filtro.')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Filtrar actividades' }));
    expect(screen.getByRole('checkbox', { name: 'EXC · Excavación' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'ENT · Entibación de zanjas' })).toHaveProperty('checked', true);
  });

  it("'Mostrar solo marcadas' keeps the rows ticked when it was switched on, even once unticked", async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[{ ...activities[0]! }, { ...activities[3]! }]} />);
    await user.click(screen.getByRole('switch', { name: 'Mostrar solo marcadas' }));
    expect(boxes()).toEqual(['EXC · Excavación', 'MOL · Moldaje y descimbre']);
    await user.click(screen.getByRole('checkbox', { name: 'MOL · Moldaje y descimbre' }));
    expect(boxes()).toEqual(['EXC · Excavación', 'MOL · Moldaje y descimbre']);
    expect(screen.getByText('2 de 4 · 1 marcada')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'marcadas' }).textContent).toBe('EXC');
    await user.click(screen.getByRole('switch', { name: 'Mostrar solo marcadas' }));
    expect(boxes()).toHaveLength(4);
  });
});
