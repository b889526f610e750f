import type { EdpItem } from '@cimiento/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { EdpTreePanel } from './edp-tree-panel';

/** A 5,000-item EDP: the root, 100 level-1 items, 49 items under each (5,001 in all). */
function largeEdp(): EdpItem[] {
  const items: EdpItem[] = [{ id: 1, code: 'P', name: 'Proyecto' }];
  let id = 2;
  for (let group = 1; group <= 100; group += 1) {
    const parentId = id;
    items.push({ id: parentId, parentId: 1, code: `P.${group}`, name: `Grupo ${group}` });
    id += 1;
    for (let leaf = 1; leaf <= 49; leaf += 1) {
      items.push({ id, parentId, code: `P.${group}.${leaf}`, name: `Ítem ${leaf}` });
      id += 1;
    }
  }
  return items;
}

describe('EdpTreePanel', () => {
  it('keeps the branches of a 5,000-item EDP collapsed until opened, rendering only the open rows', async () => {
    const user = userEvent.setup();
    const items = largeEdp();
    expect(items).toHaveLength(5001);
    const onSelect = vi.fn();
    renderWithApp(<EdpTreePanel items={items} selectedId={null} onSelect={onSelect} />);
    expect(await screen.findByText('P.7 Grupo 7')).toBeTruthy();
    expect(screen.getAllByRole('treeitem')).toHaveLength(101);

    await user.click(screen.getByText('P.7 Grupo 7'));
    expect(onSelect).toHaveBeenCalledWith(302);
    // the branch opens from its icon; its 49 items appear then
    const branch = screen.getByText('P.7 Grupo 7').closest('[role="treeitem"]');
    const icon = branch?.querySelector('.MuiTreeItem-iconContainer');
    if (!(icon instanceof HTMLElement)) throw new Error('no expand icon');
    await user.click(icon);
    expect(await screen.findByText('P.7.49 Ítem 49')).toBeTruthy();
    expect(screen.getAllByRole('treeitem')).toHaveLength(150);
  });
});
