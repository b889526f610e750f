import { render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useChartGridAria } from './use-chart-grid-aria';

/** The markup @svar-ui/react-grid draws for the Gantt's task grid (2.x), inside the chart's wrapper. */
function Chart() {
  const wrapperRef = useRef<HTMLDivElement>(null);
  useChartGridAria(wrapperRef);
  return (
    <div ref={wrapperRef}>
      <div role="grid" data-testid="grid">
        <div role="row" aria-rowindex={0} aria-expanded data-testid="row">
          <div role="gridcell">ELA</div>
          <div role="presentation" aria-label="Resize column" data-testid="grip" />
        </div>
      </div>
    </div>
  );
}

describe('useChartGridAria', () => {
  it("makes the tree a treegrid and drops the 0-based row index and the grips' names", async () => {
    const { getByTestId } = render(<Chart />);
    await waitFor(() => expect(getByTestId('grid').getAttribute('role')).toBe('treegrid'));
    expect(getByTestId('row').hasAttribute('aria-rowindex')).toBe(false);
    expect(getByTestId('grip').hasAttribute('aria-label')).toBe(false);
  });

  it('mends a row the grid draws later (a scroll of the virtual grid)', async () => {
    const { getByTestId } = render(<Chart />);
    await waitFor(() => expect(getByTestId('row').hasAttribute('aria-rowindex')).toBe(false));
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.setAttribute('aria-rowindex', '0');
    getByTestId('grid').append(row);
    await waitFor(() => expect(row.hasAttribute('aria-rowindex')).toBe(false));
    getByTestId('row').setAttribute('aria-rowindex', '3');
    await waitFor(() => expect(getByTestId('row').hasAttribute('aria-rowindex')).toBe(false));
  });
});
