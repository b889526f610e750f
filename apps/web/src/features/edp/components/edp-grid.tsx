import { useMaterialReactTable, MaterialReactTable } from 'material-react-table';
import type {
  MRT_ColumnDef,
  MRT_ColumnFiltersState,
  MRT_ExpandedState,
  MRT_PaginationState,
  MRT_SortingState,
  MRT_Updater,
} from 'material-react-table';
import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { MRT_Localization_ES } from 'material-react-table/locales/es';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEdpEditor, useEdpEditorStore } from '../stores/edp-editor-store';
import type { EdpRevealRequest } from '../stores/edp-editor-store';
import { typedColumnFilter } from '@/components/ui/typed-column-filter';
import { buildEdpTree, edpAncestorIds, edpParentIds, initialEdpExpanded } from '@/lib/edp-tree-rows';
import type { EdpNode } from '@/lib/edp-tree-rows';
import { EdpAmountCell, EdpCodeCell, EdpNameCell, EdpQuantityCell, EdpUnitCell, EdpUnitPriceCell } from './edp-cells';

/** product-spec.md §9: EDP page size 50, grid height 700 px. */
export const EDP_PAGE_SIZE = 50;
export const EDP_GRID_HEIGHT = 700;

const priceColumns = [
  { key: 'unit', size: 80, Cell: EdpUnitCell },
  { key: 'quantity', size: 110, Cell: EdpQuantityCell },
  { key: 'unitPrice', size: 130, Cell: EdpUnitPriceCell },
  { key: 'amount', size: 140, Cell: EdpAmountCell },
] as const;

const hiddenDisplayColumns = { 'mrt-row-expand': false, 'mrt-row-select': false };

/** Ctrl+Z (⌘Z) in the grid, but not in a text field, where it undoes the typing. */
function isUndoKey(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z') {
    return false;
  }
  const target = event.target as HTMLElement;
  return !(target.isContentEditable || target.closest('input, textarea, select') !== null);
}

function applyUpdater<T>(updater: MRT_Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;
}

/**
 * The EDP tree grid (product-spec.md §2 "EDP screen"): columns Id, Código (the tree), Nombre,
 * sortable, then (issue 16) Unidad, Cantidad, Precio unitario and Monto; 50 rows per page. Clicking a row selects it; double-click (or Enter/F2) edits it; the
 * arrows move between rows (up/down) and open or close them (right/left).
 * Only the current page is rendered, so a 20,000-item EDP costs one pass to build its rows.
 */
export function EdpGrid() {
  const { t, i18n } = useTranslation();
  const store = useEdpEditorStore();
  const items = useEdpEditor((state) => state.items);
  const selectedId = useEdpEditor((state) => state.selectedId);
  const reveal = useEdpEditor((state) => state.reveal);

  const tree = useMemo(() => buildEdpTree(items), [items]);
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const [expanded, setExpanded] = useState<Record<string, boolean>>(() => initialEdpExpanded(items));
  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: EDP_PAGE_SIZE });
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  // issue 19: a typed filter per column (Id, Código, Nombre); an invalid one filters nothing
  const [columnFilters, setColumnFilters] = useState<MRT_ColumnFiltersState>([]);
  const isFiltering = globalFilter.trim() !== '' || columnFilters.length > 0;

  // The grid only gets the sub-rows of expanded rows (all of them while searching, so a match deep
  // in the tree is found): a 20,000-item EDP with its root open builds ~2,000 rows, not 20,000.
  // A new `data` array whenever that changes makes the table rebuild its rows.
  const data = useMemo(() => [...tree], [tree, expanded, isFiltering]); // eslint-disable-line react-hooks/exhaustive-deps
  const getSubRows = useCallback(
    (node: EdpNode) => (isFiltering || expanded[String(node.id)] ? node.subRows : undefined),
    [isFiltering, expanded],
  );

  const handleExpandedChange = useCallback(
    (updater: MRT_Updater<MRT_ExpandedState>) => {
      if (isFiltering) return;
      setExpanded((old) => {
        const next = applyUpdater(updater, old);
        if (next !== true) return next;
        // "expand all": every parent, as a record, so collapsing one row later keeps the others open
        return Object.fromEntries(edpParentIds(store.getState().items).map((id) => [String(id), true]));
      });
    },
    [isFiltering, store],
  );

  const columns = useMemo<MRT_ColumnDef<EdpNode>[]>(
    () => [
      {
        accessorKey: 'id',
        header: t('edp.id'),
        size: 80,
        grow: false,
        enableGlobalFilter: false,
        ...typedColumnFilter<EdpNode>('number'),
      },
      {
        accessorKey: 'code',
        header: t('edp.code'),
        size: 230,
        Cell: EdpCodeCell,
        ...typedColumnFilter<EdpNode>('text'),
      },
      {
        accessorKey: 'name',
        header: t('edp.name'),
        size: 220,
        grow: true,
        Cell: EdpNameCell,
        ...typedColumnFilter<EdpNode>('text'),
      },
      // issue 16: the price (searched by code and name only; sorted by the tree's order)
      ...priceColumns.map(({ key, size, Cell }): MRT_ColumnDef<EdpNode> => ({
        id: key,
        header: t(`edpPrices.columns.${key}`),
        size,
        grow: false,
        enableGlobalFilter: false,
        enableColumnFilter: false,
        enableSorting: false,
        Cell,
        muiTableHeadCellProps: key === 'unit' ? {} : { align: 'right' },
      })),
    ],
    [t],
  );

  const localization = useMemo(
    () => ({
      ...(i18n.language === 'en-US' ? MRT_Localization_EN : MRT_Localization_ES),
      noRecordsToDisplay: t('edp.noResults'),
      noResultsFound: t('edp.noResults'),
      save: t('edp.update'),
      cancel: t('edp.cancel'),
    }),
    [i18n.language, t],
  );

  const table = useMaterialReactTable({
    columns,
    data,
    getRowId: (row) => String(row.id),
    getSubRows,
    getRowCanExpand: (row) => row.original.subRows.length > 0,
    localization,
    layoutMode: 'grid',
    mrtTheme: (theme) => ({ baseBackgroundColor: theme.palette.background.paper }),
    enableExpanding: true,
    enableExpandAll: false,
    filterFromLeafRows: true,
    paginateExpandedRows: true,
    autoResetPageIndex: false,
    enableRowSelection: true,
    enableMultiRowSelection: false,
    enableSubRowSelection: false,
    positionToolbarAlertBanner: 'none',
    enableSorting: true,
    enableColumnActions: false,
    enableColumnFilters: true,
    enableHiding: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableToolbarInternalActions: false,
    enableGlobalFilter: true,
    positionGlobalFilter: 'left',
    globalFilterFn: 'contains',
    enableStickyHeader: true,
    enableKeyboardShortcuts: false,
    state: {
      expanded: isFiltering ? true : expanded,
      pagination,
      sorting,
      globalFilter,
      columnFilters,
      showColumnFilters: true,
      showGlobalFilter: true,
      rowSelection: selectedId === null ? {} : { [String(selectedId)]: true },
      columnVisibility: hiddenDisplayColumns,
      density: 'compact',
    },
    onExpandedChange: handleExpandedChange,
    onPaginationChange: setPagination,
    onSortingChange: setSorting,
    onColumnFiltersChange: (updater: MRT_Updater<MRT_ColumnFiltersState>) => {
      setColumnFilters((old) => applyUpdater(updater, old));
      setPagination((old) => ({ ...old, pageIndex: 0 }));
    },
    onGlobalFilterChange: (value: string | undefined) => {
      setGlobalFilter(value ?? '');
      setPagination((old) => ({ ...old, pageIndex: 0 }));
    },
    muiSearchTextFieldProps: {
      variant: 'outlined',
      size: 'small',
      placeholder: t('edp.search'),
      sx: { minWidth: 280 },
      slotProps: { htmlInput: { 'aria-label': t('edp.search') } },
    },
    muiExpandButtonProps: ({ row }) => {
      const label = t(row.getIsExpanded() ? 'edp.collapseRow' : 'edp.expandRow', { code: row.original.code });
      // a leaf has nothing to open: no button to reach or read, only its place in the indentation
      // (an empty title: the tooltip would otherwise name the wrapper <span> 'Expandir', an aria-label a span may not carry)
      if (!row.getCanExpand()) return { 'aria-hidden': true, tabIndex: -1, title: '', sx: { visibility: 'hidden' } };
      return { 'aria-label': label, title: label, 'aria-expanded': row.getIsExpanded() };
    },
    muiTableBodyRowProps: ({ row, table: grid }) => {
      const id = row.original.id;
      const isSelected = id === selectedId;
      // one tab stop in the grid (the selected row, or the page's first when it is elsewhere); arrows move
      const pageRows = grid.getRowModel().rows;
      const isTabStop =
        isSelected || (pageRows[0] === row && !pageRows.some((other) => other.id === String(selectedId)));
      return {
        'aria-selected': isSelected,
        'aria-level': row.depth + 1,
        ...(row.getCanExpand() ? { 'aria-expanded': row.getIsExpanded() } : {}),
        'data-edp-id': id,
        tabIndex: isTabStop ? 0 : -1,
        onClick: () => store.getState().select(id),
        onDoubleClick: () => store.getState().startEdit(id),
        onKeyDown: (event) => {
          if (event.target !== event.currentTarget) return;
          const target =
            event.key === 'ArrowDown'
              ? event.currentTarget.nextElementSibling
              : event.key === 'ArrowUp'
                ? event.currentTarget.previousElementSibling
                : null;
          if (target instanceof HTMLElement && target.dataset.edpId) {
            event.preventDefault();
            store.getState().select(Number(target.dataset.edpId));
            target.focus();
          } else if (event.key === ' ') {
            event.preventDefault();
            store.getState().select(id);
          } else if (event.key === 'Enter' || event.key === 'F2') {
            event.preventDefault();
            store.getState().startEdit(id);
          } else if (event.key === 'ArrowRight' && row.getCanExpand() && !row.getIsExpanded()) {
            event.preventDefault();
            row.toggleExpanded(true);
          } else if (event.key === 'ArrowLeft' && row.getIsExpanded()) {
            event.preventDefault();
            row.toggleExpanded(false);
          }
        },
        sx: (theme) => {
          const color = theme.palette.primary.main;
          const bar = isSelected ? [`inset 4px 0 0 ${color}`] : [];
          // the focus ring is drawn on the cells: their backgrounds cover a row's own outline
          const ring = [`inset 0 2px 0 ${color}`, `inset 0 -2px 0 ${color}`];
          return {
            cursor: 'pointer',
            outline: 'none',
            ...(isSelected ? { '& td:first-of-type': { boxShadow: bar.join(', ') }, fontWeight: 600 } : {}),
            '&:focus-visible > td': { boxShadow: ring.join(', ') },
            '&:focus-visible > td:first-of-type': { boxShadow: [...bar, `inset 2px 0 0 ${color}`, ...ring].join(', ') },
            '&:focus-visible > td:last-of-type': { boxShadow: [`inset -2px 0 0 ${color}`, ...ring].join(', ') },
          };
        },
      };
    },
    muiTableBodyCellProps: { sx: { py: 0.25 } },
    // a tree of selectable rows (aria-level, aria-expanded, aria-selected): ARIA allows those on a treegrid's rows, not a table's
    muiTableProps: { role: 'treegrid', 'aria-label': t('a11y.edpGrid') },
    muiTableContainerProps: {
      sx: { maxHeight: EDP_GRID_HEIGHT },
      onKeyDown: (event) => {
        if (!isUndoKey(event)) return;
        event.preventDefault();
        if (store.getState().undo()) store.getState().focusSelectedRow();
      },
    },
    muiTablePaperProps: { elevation: 0, sx: { backgroundImage: 'none' }, className: 'edp-grid' },
    muiPaginationProps: { rowsPerPageOptions: [EDP_PAGE_SIZE], showFirstButton: true, showLastButton: true },
  });

  // Show a row the editor points at (added, moved, opened for editing, refused with an error): open
  // its ancestors, drop a search that hides it, turn to the page it is on in the current order,
  // then scroll it into view and, when asked, focus the row or the field with the error.
  const pendingReveal = useRef<EdpRevealRequest | null>(null);
  useEffect(() => {
    if (reveal) pendingReveal.current = reveal;
  }, [reveal]);
  useEffect(() => {
    const request = pendingReveal.current;
    if (request === null) return;
    const { id } = request;
    if (!byId.has(id)) {
      pendingReveal.current = null;
      return;
    }
    if (!isFiltering) {
      const closed = edpAncestorIds(byId, id).filter((ancestor) => !expanded[String(ancestor)]);
      if (closed.length > 0) {
        setExpanded((old) => ({ ...old, ...Object.fromEntries(closed.map((ancestor) => [String(ancestor), true])) }));
        return;
      }
    }
    const index = table.getPrePaginationRowModel().rows.findIndex((row) => row.id === String(id));
    if (index === -1) {
      pendingReveal.current = null;
      if (isFiltering) {
        pendingReveal.current = request;
        setGlobalFilter('');
        setColumnFilters([]);
      }
      return;
    }
    const pageIndex = Math.floor(index / pagination.pageSize);
    if (pageIndex !== pagination.pageIndex) {
      setPagination((old) => ({ ...old, pageIndex }));
      return;
    }
    pendingReveal.current = null;
    const rowElement = table.refs.tableContainerRef.current?.querySelector<HTMLElement>(`tr[data-edp-id="${id}"]`);
    if (!rowElement) return;
    // jsdom has no scrollIntoView
    rowElement.scrollIntoView?.({ block: 'nearest' });
    if (request.focus === 'row') rowElement.focus({ preventScroll: true });
    else if (request.focus) rowElement.querySelector<HTMLElement>(`input[data-edp-field="${request.focus}"]`)?.focus();
  }, [reveal, byId, expanded, isFiltering, table, pagination, data]);

  // a deletion may leave the current page past the end
  const rowCount = table.getPrePaginationRowModel().rows.length;
  useEffect(() => {
    const lastPage = Math.max(0, Math.ceil(rowCount / pagination.pageSize) - 1);
    if (pagination.pageIndex > lastPage) setPagination((old) => ({ ...old, pageIndex: lastPage }));
  }, [rowCount, pagination]);

  return <MaterialReactTable table={table} />;
}
