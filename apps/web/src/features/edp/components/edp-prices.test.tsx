import type { LoadedProject, PricedEdpItem } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectEdp } from './project-edp';

/** A CLP project: HT.1.1 is 12,5 m2 × $1.000,5 = $12.506 (12.506,25 rounded), HT.2 1 gl × $1.300.000. */
function loadedProject(budget = '1234567'): LoadedProject {
  const items: PricedEdpItem[] = [
    { id: 1, code: 'HT', name: 'Hospital de Talca' },
    { id: 2, parentId: 1, code: 'HT.1', name: 'Pabellones' },
    { id: 3, parentId: 2, code: 'HT.1.1', name: 'Quirófano', unit: 'm2', quantity: '12.5', unitPrice: '1000.5' },
    { id: 4, parentId: 2, code: 'HT.1.2', name: 'Recuperación' },
    { id: 5, parentId: 1, code: 'HT.2', name: 'Urgencia', unit: 'gl', quantity: '1', unitPrice: '1300000' },
  ];
  return buildLoadedProject({ version: 7, items, budget, currency: 'CLP' });
}

const OVER_BUDGET_RED = 'rgb(211, 47, 47)';

type SaveEdpCall = { id: string; edp: { items: Array<Record<string, unknown>>; version: number } };

function stubServer(project: LoadedProject) {
  const saves: SaveEdpCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: unknown };
    if (input === '/api/functions/loadProject') {
      return jsonResponse(200, { result: { project, message: 'Proyecto cargado' } });
    }
    if (input === '/api/functions/loadEdpUsage') {
      return jsonResponse(200, {
        result: { usage: { items: [], crossLinks: [], currency: 'CLP' }, message: 'Uso del EDP cargado' },
      });
    }
    if (input === '/api/functions/saveEdp') {
      const call = data as SaveEdpCall;
      saves.push(call);
      const items = call.edp.items.map((item) =>
        Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null)),
      );
      return jsonResponse(200, { result: { edp: { items, version: 8 }, message: 'EDP grabado: 5 ítems' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return saves;
}

function renderEditor() {
  return renderWithApp(<ProjectEdp />, {
    path: '/projects/p-1/edp',
    routePath: '/projects/:id/edp',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

function rowOf(code: string): HTMLElement {
  const row = screen.getByText(code, { exact: true }).closest('tr');
  if (!row) throw new Error(`sin fila para ${code}`);
  return row;
}

function amountOf(id: number): string | null {
  return document.querySelector(`[data-edp-amount="${id}"]`)?.textContent ?? null;
}

describe('EDP prices (issue 16)', () => {
  afterEach(() => {
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it('shows unit, quantity, unit price and Monto, totals rolled up the tree, and the budget summary', async () => {
    stubServer(loadedProject());
    renderEditor();
    await screen.findByText('HT.1.1');
    const row = rowOf('HT.1.1');
    expect(within(row).getByText('m2')).toBeTruthy();
    expect(within(row).getByText('12,5')).toBeTruthy();
    expect(within(row).getByText('1.000,5')).toBeTruthy();
    expect(amountOf(3)).toBe('$12.506');
    expect(amountOf(4)).toBeNull();
    expect(amountOf(2)).toBe('$12.506');
    expect(amountOf(5)).toBe('$1.300.000');
    expect(amountOf(1)).toBe('$1.312.506');
    const summary = screen.getByTestId('edp-budget-summary');
    expect(summary.textContent).toContain('Total ítems: $1.312.506 · Presupuesto: $1.234.567 · Diferencia: -$77.939');
    expect(summary.textContent).toContain('2 ítems con precio');
    // the items exceed the budget: the difference in red
    const difference = screen.getByTestId('edp-budget-difference');
    // the theme's error.main
    expect(getComputedStyle(difference).color).toBe(OVER_BUDGET_RED);
    expect(difference.getAttribute('title')).toBe('Los ítems superan el presupuesto en $77.939');
  });

  it('a difference within the budget is not red', async () => {
    stubServer(loadedProject('2000000'));
    renderEditor();
    await screen.findByText('HT.1.1');
    expect(screen.getByTestId('edp-budget-summary').textContent).toContain('Diferencia: $687.494');
    const difference = screen.getByTestId('edp-budget-difference');
    expect(difference.getAttribute('title')).toBeNull();
    expect(getComputedStyle(difference).color).not.toBe(OVER_BUDGET_RED);
  });

  it('prices an item in its row (Chilean numbers), updates Monto and the totals, and saves the prices', async () => {
    const saves = stubServer(loadedProject());
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('HT.1.2');
    await user.dblClick(rowOf('HT.1.2'));
    const unit = await screen.findByRole('textbox', { name: 'Unidad del ítem 4' });
    await user.type(unit, 'ml');
    await user.type(screen.getByRole('textbox', { name: 'Cantidad del ítem 4' }), 'doce');
    await user.type(screen.getByRole('textbox', { name: 'Precio unitario del ítem 4' }), '2.500,5{Enter}');
    // a bad number keeps the row open with its message
    expect(await screen.findByText('Cantidad debe ser un número, por ejemplo 1.234,5')).toBeTruthy();
    const quantity = screen.getByRole('textbox', { name: 'Cantidad del ítem 4' });
    await user.clear(quantity);
    await user.type(quantity, '1.234,5{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Cantidad del ítem 4' })).toBeNull());
    // 1234,5 × 2500,5 = 3.086.867,25 → $3.086.867
    expect(amountOf(4)).toBe('$3.086.867');
    expect(amountOf(2)).toBe('$3.099.373');
    expect(amountOf(1)).toBe('$4.399.373');
    expect(screen.getByTestId('edp-budget-summary').textContent).toContain('Diferencia: -$3.164.806');
    expect(screen.getByText('Cambios sin grabar')).toBeTruthy();

    await user.click(
      within(screen.getByRole('toolbar', { name: 'Herramientas del EDP' })).getByRole('button', { name: 'Grabar EDP' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
    await screen.findByText('EDP grabado: 5 ítems');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.edp.items).toEqual([
      { id: 1, code: 'HT', name: 'Hospital de Talca', unit: null, quantity: null, unitPrice: null },
      { id: 2, parentId: 1, code: 'HT.1', name: 'Pabellones', unit: null, quantity: null, unitPrice: null },
      { id: 3, parentId: 2, code: 'HT.1.1', name: 'Quirófano', unit: 'm2', quantity: '12.5', unitPrice: '1000.5' },
      { id: 4, parentId: 2, code: 'HT.1.2', name: 'Recuperación', unit: 'ml', quantity: '1234.5', unitPrice: '2500.5' },
      { id: 5, parentId: 1, code: 'HT.2', name: 'Urgencia', unit: 'gl', quantity: '1', unitPrice: '1300000' },
    ]);
    await waitFor(() => expect(screen.queryByText('Cambios sin grabar')).toBeNull());
    expect(amountOf(4)).toBe('$3.086.867');
  });
});
