import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSession, renderWithApp } from '@/testing/test-utils';
import { emptyProduct, sampleProduct } from '../samples/sample-data';
import { AccountBilling } from './account-billing';
import { AccountInvoice } from './account-invoice';
import { OrderDetails } from './order-details';
import { OrderList } from './order-list';
import { ProductForm } from './product-form';
import { ProductPage } from './product-page';

const fetchSpy = vi.fn();

function renderDemo(ui: ReactNode) {
  return renderWithApp(ui, { session: buildSession() });
}

describe('template demo screens', () => {
  beforeEach(() => {
    fetchSpy.mockReset();
    vi.stubGlobal('fetch', fetchSpy);
  });

  it.each([
    ['new product', <ProductForm key="new" title="Nuevo producto" initial={emptyProduct} />, 'Nuevo producto'],
    ['edit product', <ProductForm key="edit" title="Editar producto" initial={sampleProduct} />, 'Editar producto'],
    ['product page', <ProductPage key="page" title="Comercio (demostración)" />, 'Comercio (demostración)'],
    ['order details', <OrderDetails key="details" title="Detalle de la orden" />, 'Detalle de la orden'],
    ['order list', <OrderList key="list" title="Lista de órdenes" />, 'Lista de órdenes'],
    ['billing', <AccountBilling key="billing" title="Facturación (demostración)" />, 'Facturación (demostración)'],
    ['invoice', <AccountInvoice key="invoice" title="Factura (demostración)" />, 'Factura (demostración)'],
  ])('%s: its heading, labelled as a demo, with no call to the server', (_name, ui, title) => {
    renderDemo(ui);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(within(screen.getByTestId('demo-notice')).getByText('Demostración')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fills the edit form with the sample product and saves nothing', async () => {
    const user = userEvent.setup();
    renderDemo(<ProductForm title="Editar producto" initial={sampleProduct} />);
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Chaqueta reflectante Andes');
    expect((screen.getByLabelText('Precio') as HTMLInputElement).value).toBe('34990');
    expect(screen.getByRole('button', { name: 'L' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'S' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'S' }));
    expect(screen.getByRole('button', { name: 'S' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('status').textContent).toBe('Es una demostración: no se guardó nada.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('starts the new-product form empty', () => {
    renderDemo(<ProductForm title="Nuevo producto" initial={emptyProduct} />);
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'M' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('adds up the order: subtotal, shipping, VAT and total', () => {
    renderDemo(<OrderDetails title="Detalle de la orden" />);
    // 2 × 34.990 + 3 × 4.990 + 12.990 = 97.940; VAT 19 % = 18.609; + 3.990 shipping
    expect(screen.getByText('$97.940')).toBeTruthy();
    expect(screen.getByText('$18.609')).toBeTruthy();
    expect(screen.getByText('$120.539')).toBeTruthy();
  });

  it('searches the order list by customer and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderDemo(<OrderList title="Lista de órdenes" />);
    const table = screen.getByRole('table', { name: 'Lista de órdenes' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);

    await user.type(screen.getByLabelText('Buscar orden o cliente'), 'muñoz');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Valentina Muñoz')).toBeTruthy();

    await user.clear(screen.getByLabelText('Buscar orden o cliente'));
    await user.type(screen.getByLabelText('Buscar orden o cliente'), 'nadie');
    expect(within(table).getByText('Ninguna orden coincide con la búsqueda')).toBeTruthy();
  });
});
