import type { EdpItem } from '@cimiento/domain';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { useRichTreeViewApiRef } from '@mui/x-tree-view/hooks';
import { memo, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildEdpTreeItems, initialEdpTreeExpanded } from '../utils/edc-rows';
import type { EdpTreeItem } from '../utils/edc-rows';

export type EdpTreePanelProps = {
  items: readonly EdpItem[];
  /** The selected EDP item's id, or null (id 0: none yet). */
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** An item to show when the tree opens (the remembered selection): its ancestors start open. */
  revealId?: number | null;
};

/**
 * Left: the project's EDP as a tree (MUI X RichTreeView). Its items are built once per EDP (one
 * Map pass) and only the top level starts open, plus the branch down to `revealId`: the tree
 * renders the rows of open branches only, so a 5,000-item EDP stays responsive. The panel fills
 * the height it is given and scrolls inside.
 */
export const EdpTreePanel = memo(function EdpTreePanel({
  items,
  selectedId,
  onSelect,
  revealId = null,
}: EdpTreePanelProps) {
  const { t } = useTranslation();
  const apiRef = useRichTreeViewApiRef<EdpTreeItem>();
  const treeItems = useMemo(() => buildEdpTreeItems(items), [items]);
  const defaultExpanded = useMemo(() => initialEdpTreeExpanded(items, revealId), [items, revealId]);

  // the remembered item may sit far down a long tree: bring it into the panel's view once it shows
  useEffect(() => {
    if (selectedId === null || selectedId !== revealId) return;
    apiRef.current?.getItemDOMElement(String(selectedId))?.scrollIntoView?.({ block: 'nearest' });
  }, [apiRef, selectedId, revealId]);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="edc-tree-title"
      sx={{ p: 1.5, height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column' }}
    >
      <Typography variant="subtitle2" component="h2" id="edc-tree-title" sx={{ mb: 1 }}>
        {t('edc.treeTitle')}
      </Typography>
      <RichTreeView
        apiRef={apiRef}
        aria-labelledby="edc-tree-title"
        items={treeItems}
        defaultExpandedItems={defaultExpanded}
        expansionTrigger="iconContainer"
        selectedItems={selectedId === null ? null : String(selectedId)}
        onSelectedItemsChange={(_event, itemId) => {
          if (itemId !== null) onSelect(Number(itemId));
        }}
        sx={{ flex: { md: '1 1 0' }, minHeight: 0, maxHeight: { xs: 360, md: 'none' }, overflowY: 'auto' }}
      />
    </Paper>
  );
});
