import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PagePanel } from './page-panel';

/** The panel on a route whose handle is or is not full height. */
function renderOnRoute(panel: ReactNode, isFullHeight: boolean) {
  const router = createMemoryRouter([{ path: '*', handle: { titleKey: 'projectEdc', isFullHeight }, element: panel }], {
    initialEntries: ['/projects/p-1/edc'],
  });
  render(<RouterProvider router={router} />);
  return screen.getByRole('region', { name: 'EDC' });
}

describe('PagePanel', () => {
  it('fills the height on a route whose handle says so', () => {
    expect(getComputedStyle(renderOnRoute(<PagePanel title="EDC" />, true)).display).toBe('flex');
  });

  it('keeps its own height on other routes', () => {
    expect(getComputedStyle(renderOnRoute(<PagePanel title="EDC" />, false)).display).not.toBe('flex');
  });

  it('keeps its own height when told so, even on a full-height route', () => {
    expect(getComputedStyle(renderOnRoute(<PagePanel title="EDC" isFullHeight={false} />, true)).display).not.toBe(
      'flex',
    );
  });
});
