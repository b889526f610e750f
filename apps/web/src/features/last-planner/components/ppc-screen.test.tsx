import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildSession, renderWithApp, setWindowWidth } from '@/testing/test-utils';
import { PpcScreen } from './ppc-screen';
import { companies, named, projectsAnswer, stubFunctions } from './test-support';

const ppc = {
  from: '2026-03-02',
  to: '2026-03-22',
  target: 70,
  overall: { fulfilled: 5, closed: 7, notClosed: 1, ppc: 71.4 },
  trend: [
    { week: '2026-03-02', fulfilled: 4, closed: 5, notClosed: 0, ppc: 80 },
    { week: '2026-03-09', fulfilled: 0, closed: 0, notClosed: 1, ppc: null },
    { week: '2026-03-16', fulfilled: 1, closed: 2, notClosed: 0, ppc: 50 },
  ],
  byCompany: [
    { companyId: 'c-b', label: 'Andes Ingeniería', fulfilled: 1, closed: 1, notClosed: 0, ppc: 100 },
    { companyId: 'c-a', label: 'Moldajes del Sur', fulfilled: 4, closed: 6, notClosed: 1, ppc: 66.7 },
  ],
  pareto: [
    { cause: 'Materiales', count: 1, percent: 50, cumulativePercent: 50, inList: true },
    { cause: 'Lluvia', count: 1, percent: 50, cumulativePercent: 100, inList: false },
  ],
  companies,
  message: '',
};

function renderScreen() {
  return renderWithApp(<PpcScreen project={{ _id: 'p-1', id: '7', code: 'HT', name: 'Hospital de Talca' }} />, {
    path: '/projects/7/ppc',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setWindowWidth(1024);
});

describe('PpcScreen', () => {
  it('shows the PPC es-CL with one decimal, a week with nothing closed as a gap, per company and the Pareto', async () => {
    setWindowWidth(1400);
    stubFunctions({ loadProjects: projectsAnswer('lector'), loadPpc: { body: { result: ppc } } });
    renderScreen();
    const overall = await screen.findByTestId('ppc-overall');
    expect(overall.textContent).toContain('71,4 %');
    expect(overall.textContent).toContain('Cumple la meta · Meta 70 %');
    const cells = (testId: string) =>
      within(screen.getByTestId(testId))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('ppc-week-2026-03-02')).toEqual(['02-03-2026', '4', '5', '0', '80,0 %']);
    expect(cells('ppc-week-2026-03-09')).toEqual(['09-03-2026', '0', '0', '1', '— (sin cierre)']);
    const companyTable = screen.getByRole('table', { name: 'PPC por empresa' });
    expect(
      within(companyTable)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Andes Ingeniería11100,0 %', 'Moldajes del Sur4666,7 %']);
    const pareto = screen.getAllByTestId('pareto-row').map((row) => row.textContent);
    expect(pareto).toEqual(['Materiales150,0 %50,0 %', 'Lluvia (ya no está en la lista)150,0 %100,0 %']);
  });

  it('filters by company', async () => {
    const calls = stubFunctions({ loadProjects: projectsAnswer('lector'), loadPpc: { body: { result: ppc } } });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByTestId('ppc-overall');
    await user.click(screen.getByRole('combobox', { name: 'Empresa' }));
    await user.click(await screen.findByRole('option', { name: 'Moldajes del Sur' }));
    await waitFor(() => expect(named(calls, 'loadPpc').at(-1)?.data).toEqual({ id: 'p-1', companyId: 'c-a' }));
  });

  it('says when nothing was closed: no PPC, not 0 %', async () => {
    stubFunctions({
      loadProjects: projectsAnswer('lector'),
      loadPpc: {
        body: {
          result: {
            ...ppc,
            overall: { fulfilled: 0, closed: 0, notClosed: 0, ppc: null },
            trend: [{ week: '2026-03-02', fulfilled: 0, closed: 0, notClosed: 0, ppc: null }],
            byCompany: [],
            pareto: [],
          },
        },
      },
    });
    renderScreen();
    const overall = await screen.findByTestId('ppc-overall');
    expect(overall.textContent).toContain('—');
    expect(overall.textContent).not.toContain('0,0 %');
    expect(screen.getByTestId('ppc-empty')).toBeTruthy();
    expect(screen.getByTestId('pareto-empty').textContent).toBe('Ningún compromiso No cumplido en el período.');
  });
});
