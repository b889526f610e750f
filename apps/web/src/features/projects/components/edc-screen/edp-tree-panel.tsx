import type { EdpItem } from '@cimiento/domain';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildEdpTreeItems, initialEdpTreeExpanded } from '../../utils/edc-rows';

export type EdpTreePanelProps = {
  items: readonly EdpItem[];
  /** The selected EDP item's id, or null (id 0: none yet). */
  selectedId: number | null;
  onSelect: (id: number) => void;
};

/**
 * Left: the project's EDP as a tree (MUI X RichTreeView). Its items are built once per EDP (one
 * Map pass) and only the top level starts open: the tree renders the rows of open branches only,
 * so a 5,000-item EDP stays responsive.
 */
export const EdpTreePanel = memo(function EdpTreePanel({ items, selectedId, onSelect }: EdpTreePanelProps) {
  const { t } = useTranslation();
  const treeItems = useMemo(() => buildEdpTreeItems(items), [items]);
  const defaultExpanded = useMemo(() => initialEdpTreeExpanded(items), [items]);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }}>
      <Typography variant="subtitle2" component="h2" id="edc-tree-title" sx={{ mb: 1 }}>
        {t('edc.treeTitle')}
      </Typography>
      <RichTreeView
        aria-labelledby="edc-tree-title"
        items={treeItems}
        defaultExpandedItems={defaultExpanded}
        expansionTrigger="iconContainer"
        selectedItems={selectedId === null ? null : String(selectedId)}
        onSelectedItemsChange={(_event, itemId) => {
          if (itemId !== null) onSelect(Number(itemId));
        }}
        sx={{ maxHeight: 420, overflowY: 'auto' }}
      />
    </Paper>
  );
});
