import type { EdpItem } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import type { TreeItemProps } from '@mui/x-tree-view/TreeItem';
import { useRichTreeViewApiRef } from '@mui/x-tree-view/hooks';
import type { KeyboardEvent, MouseEvent } from 'react';
import { createContext, memo, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buildEdpTreeItems, initialEdpTreeExpanded } from '../utils/edc-rows';
import type { EdpTreeItem } from '../utils/edc-rows';

export type EdpTreePanelProps = {
  items: readonly EdpItem[];
  /** The shown EDP item's id (the one whose EDC the grid shows), or null (id 0: none yet). */
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** An item to show when the tree opens (the remembered selection): its ancestors start open. */
  revealId?: number | null;
  /** The ticked items (issue 13: the targets of the bulk actions), as the tree's ids. */
  tickedIds?: readonly string[];
  onTickedChange?: (ids: string[]) => void;
  /** 'Seleccionar similares': ticks the items of the shown item's kind. */
  onSelectSimilar?: () => void;
  onClearTicks?: () => void;
  /** 'Copiar EDC a…' and 'Quitar de los seleccionados' (they open the screen's dialogs). */
  onCopy?: () => void;
  onUnassign?: () => void;
  /** The shown item has an EDC to copy. */
  canCopy?: boolean;
  /** A bulk action runs: the ticks and the actions wait. */
  isBusy?: boolean;
  /** Issue 36: the caller's role may change the plan; false: no ticks and no bulk actions. */
  canChange?: boolean;
};

const NO_TICKS: readonly string[] = [];

/** The shown item's tree id, for the item slot (a context, so the memoised tree is not rebuilt). */
const ShownItemContext = createContext<string | null>(null);

/** A tree item that says whether it is the shown one (aria-current), which the panel's styles mark. */
function EdpTreeItemSlot(props: TreeItemProps) {
  const shownId = useContext(ShownItemContext);
  const isShown = props.itemId === shownId;
  return <TreeItem {...props} aria-current={isShown ? 'true' : undefined} data-shown={isShown ? '' : undefined} />;
}

/** Whether a click landed on the checkbox or the expand icon (those tick or open; they do not show the item). */
function isControlClick(event: MouseEvent): boolean {
  const target = event.target;
  return target instanceof Element && target.closest('.MuiTreeItem-checkbox, .MuiTreeItem-iconContainer') !== null;
}

/**
 * Left: the project's EDP as a tree (MUI X RichTreeView). Its items are built once per EDP (one
 * Map pass) and only the top level starts open, plus the branch down to `revealId`: the tree
 * renders the rows of open branches only, so a 5,000-item EDP stays responsive. The panel fills
 * the height it is given and scrolls inside.
 *
 * Two choices live in it (issue 13): the shown item (a click on its label, or Enter on it: its
 * EDC is in the grid; marked with aria-current) and the ticked items (the checkboxes, or Space:
 * the targets of the bulk actions, kept while another item is shown). Above the tree: the count,
 * 'Seleccionar similares', 'Desmarcar todo', 'Copiar EDC a…' and 'Quitar de los seleccionados'.
 */
export const EdpTreePanel = memo(function EdpTreePanel({
  items,
  selectedId,
  onSelect,
  revealId = null,
  tickedIds = NO_TICKS,
  onTickedChange,
  onSelectSimilar,
  onClearTicks,
  onCopy,
  onUnassign,
  canCopy = false,
  isBusy = false,
  canChange = true,
}: EdpTreePanelProps) {
  const { t } = useTranslation();
  const apiRef = useRichTreeViewApiRef<EdpTreeItem>();
  const treeItems = useMemo(() => buildEdpTreeItems(items), [items]);
  const defaultExpanded = useMemo(() => initialEdpTreeExpanded(items, revealId), [items, revealId]);
  const focusedId = useRef<string | null>(null);
  const count = tickedIds.length;

  // the remembered item may sit far down a long tree: bring it into the panel's view once it shows
  useEffect(() => {
    if (selectedId === null || selectedId !== revealId) return;
    apiRef.current?.getItemDOMElement(String(selectedId))?.scrollIntoView?.({ block: 'nearest' });
  }, [apiRef, selectedId, revealId]);

  const handleItemClick = useCallback(
    (event: MouseEvent, itemId: string) => {
      if (!isControlClick(event)) onSelect(Number(itemId));
    },
    [onSelect],
  );

  // Enter shows the focused item (Space ticks it, the arrows open and close branches)
  const handleKeyDownCapture = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target;
      if (!(target instanceof Element) || target.getAttribute('role') !== 'treeitem') return;
      const itemId = focusedId.current;
      if (itemId === null) return;
      event.preventDefault();
      event.stopPropagation();
      onSelect(Number(itemId));
    },
    [onSelect],
  );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="edc-tree-title"
      sx={{ p: 1.5, height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component="h2" id="edc-tree-title" sx={{ flexGrow: 1 }}>
          {t('edc.treeTitle')}
        </Typography>
        <Typography
          variant="body2"
          role="status"
          aria-live="polite"
          color={count > 0 ? 'primary' : 'text.secondary'}
          sx={{ fontWeight: count > 0 ? 600 : 400 }}
          data-testid="edc-ticked-count"
        >
          {t('edc.bulk.ticked', { count })}
        </Typography>
      </Stack>
      {/* two by two, the labels may wrap: the tree keeps most of a narrow column */}
      {canChange && (
        <Box
          role="toolbar"
          aria-label={t('edc.bulk.toolbar')}
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 0.5,
            '& .MuiButton-root': { py: 0.25, px: 0.75, minWidth: 0, lineHeight: 1.25, whiteSpace: 'normal' },
          }}
        >
          <Button size="small" variant="outlined" onClick={onSelectSimilar} disabled={isBusy || selectedId === null}>
            {t('edc.bulk.selectSimilar')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            onClick={onClearTicks}
            disabled={isBusy || count === 0}
          >
            {t('edc.bulk.clear')}
          </Button>
          <Button size="small" variant="outlined" onClick={onCopy} disabled={isBusy || count === 0 || !canCopy}>
            {t('edc.bulk.copy')}
          </Button>
          <Button size="small" variant="outlined" color="error" onClick={onUnassign} disabled={isBusy || count === 0}>
            {t('edc.bulk.unassign')}
          </Button>
        </Box>
      )}
      <ShownItemContext value={selectedId === null ? null : String(selectedId)}>
        <Box onKeyDownCapture={handleKeyDownCapture} sx={{ display: 'flex', flex: { md: '1 1 0' }, minHeight: 0 }}>
          <RichTreeView
            apiRef={apiRef}
            aria-labelledby="edc-tree-title"
            items={treeItems}
            defaultExpandedItems={defaultExpanded}
            expansionTrigger="iconContainer"
            multiSelect
            checkboxSelection={canChange}
            disableSelection={isBusy}
            selectedItems={tickedIds}
            onSelectedItemsChange={(_event, itemIds) => onTickedChange?.(itemIds)}
            onItemClick={handleItemClick}
            onItemFocus={(_event, itemId) => {
              focusedId.current = itemId;
            }}
            slots={{ item: EdpTreeItemSlot }}
            sx={(theme) => ({
              flex: '1 1 auto',
              minHeight: 0,
              maxHeight: { xs: 360, md: 'none' },
              overflowY: 'auto',
              // the ticks show in the checkboxes; the background marks the shown item
              '& .MuiTreeItem-content[data-selected]': { backgroundColor: 'transparent' },
              '& .MuiTreeItem-content[data-selected]:hover': { backgroundColor: theme.palette.action.hover },
              '& .MuiTreeItem-checkbox': { p: 0.25 },
              '& [data-shown] > .MuiTreeItem-content, & [data-shown] > .MuiTreeItem-content[data-selected]': {
                backgroundColor: alpha(theme.palette.primary.main, 0.16),
                boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
                fontWeight: 600,
              },
            })}
          />
        </Box>
      </ShownItemContext>
    </Paper>
  );
});
