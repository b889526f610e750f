import type { EdcItem } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeletionMoneyNote } from '@/components/ui/deletion-money-note';
import {
  edcGridRows,
  edcQuantityCell,
  edcSubtreeCodes,
  newEdcItem,
  quantityDraftText,
  removeEdcItem,
  updateEdcItem,
  validateEdcDraft,
} from '../utils/edc-rows';
import type { EdcDraftErrors } from '../utils/edc-rows';
import type { EdcDraftEditing } from '@/lib/project-drafts/project-drafts';

/** Rows per page of the EDC grid (a generated list is tens of rows; a page keeps 10,000 cheap). */
export const EDC_PAGE_SIZE = 100;

type Editing = {
  /** The list being edited: the saved one, or with the new row of 'Agregar' in it. */
  list: EdcItem[];
  index: number;
  isNew: boolean;
  code: string;
  name: string;
  /** issue 35: an activity's quantity as typed ('' : none) */
  quantity: string;
  errors: EdcDraftErrors;
};

export type EdcGridProps = {
  /** The grid's heading ('EDC de …'), on the toolbar's line; `titleId` names the section it heads. */
  title: string;
  titleId: string;
  /** Shown between the toolbar and the table (the stale-save warning). */
  notice?: ReactNode;
  /** The selected EDP item's code (what main items hang from); '' when none is selected. */
  edpCode: string;
  list: readonly EdcItem[];
  /** False with no EDP item selected, or while a stale save waits for 'Recargar'. */
  canEdit: boolean;
  /** Issue 36: the caller's role may not change the plan: no toolbar (the list reads only). */
  readOnly?: boolean;
  /** Saves the whole list (each committed edit saves). */
  onChange: (list: EdcItem[]) => void;
  /** A row being edited whose text differs from the list (a new row always does), or null (issue 12). */
  onEditingChange?: (editing: EdcDraftEditing | null) => void;
  /** A recovered row edit to open with (read when the grid mounts). */
  initialEditing?: EdcDraftEditing | null;
  /**
   * Issue 33: what removing these rows (codes) touches of the money (progress recorded on their
   * Gantt tasks, what approved EPs paid for the item, baselines), for the question; null: nothing.
   */
  describeRemoval?: (codes: string[]) => Promise<string | null>;
  /** Issue 35: the selected EDP item's unit and quantity, which an activity in its unit of work takes. */
  edpItem?: { unit?: string; quantity?: string } | undefined;
};

/** What of a row edit is not in the list yet: nothing for an opened row whose text is unchanged. */
function uncommittedEdit(editing: Editing | null): EdcDraftEditing | null {
  if (!editing) return null;
  const item = editing.list[editing.index];
  if (
    !editing.isNew &&
    item &&
    item.code === editing.code &&
    item.name === editing.name &&
    quantityDraftText(item.quantity) === editing.quantity
  ) {
    return null;
  }
  return {
    rows: editing.list,
    index: editing.index,
    isNew: editing.isNew,
    code: editing.code,
    name: editing.name,
    quantity: editing.quantity,
  };
}

/**
 * The selected item's EDC as a tree by parentCode: main components, their subcomponents, their
 * activities, indented by level. Columns: Código (the spec's generated code), the catalogue code and
 * name of the record a generated row came from (blank for a row typed by hand), and Nombre; only
 * Código and Nombre are edited. On medium and larger screens the table fills the height it is given
 * and scrolls inside. Toolbar: Agregar, Editar, Eliminar, Grabar
 * (commits the row and saves the list), Cancelar. Code and name are required and codes unique
 * within the list; a refused row shows its errors and is not committed. Keyboard: one tab stop,
 * up/down move the selection, Enter or F2 edits, Enter commits and Escape cancels in the fields.
 */
export function EdcGrid({
  title,
  titleId,
  notice,
  edpCode,
  list,
  canEdit: canEditList,
  readOnly = false,
  onChange,
  onEditingChange,
  initialEditing,
  describeRemoval,
  edpItem,
}: EdcGridProps) {
  const canEdit = canEditList && !readOnly;
  const { t } = useTranslation();
  const [selectedCode, setSelectedCode] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(() =>
    initialEditing
      ? {
          ...initialEditing,
          list: initialEditing.rows,
          quantity: initialEditing.quantity ?? quantityDraftText(initialEditing.rows[initialEditing.index]?.quantity),
          errors: {},
        }
      : null,
  );
  useEffect(() => {
    onEditingChange?.(uncommittedEdit(editing));
  }, [editing, onEditingChange]);
  // the grid goes (another item, a reload): its row edit goes with it
  useEffect(() => () => onEditingChange?.(null), [onEditingChange]);
  const [pendingRemove, setPendingRemove] = useState<{ code: string; text: string; money: string | null } | null>(null);
  const [page, setPage] = useState(0);

  const shown = editing?.list ?? list;
  const rows = useMemo(() => edcGridRows(shown), [shown]);
  const indexOf = useMemo(() => new Map(shown.map((item, index) => [item, index])), [shown]);
  const selected = selectedCode === null ? null : (list.find((item) => item.code === selectedCode) ?? null);
  const lastPage = Math.max(0, Math.ceil(rows.length / EDC_PAGE_SIZE) - 1);
  const currentPage = Math.min(page, lastPage);
  const pageRows = rows.slice(currentPage * EDC_PAGE_SIZE, (currentPage + 1) * EDC_PAGE_SIZE);

  function showRow(nextList: readonly EdcItem[], item: EdcItem | undefined) {
    if (!item) return;
    const position = edcGridRows(nextList).findIndex((row) => row.item === item);
    if (position !== -1) setPage(Math.floor(position / EDC_PAGE_SIZE));
  }

  function startAdd() {
    const added = newEdcItem(list, edpCode, selected, '');
    const item = added.list[added.index];
    setEditing({
      list: added.list,
      index: added.index,
      isNew: true,
      code: item?.code ?? '',
      name: '',
      quantity: '',
      errors: {},
    });
    showRow(added.list, item);
  }

  function startEdit(item: EdcItem | null) {
    if (!item || !canEdit || editing) return;
    const index = list.indexOf(item);
    if (index === -1) return;
    setSelectedCode(item.code);
    setEditing({
      list: [...list],
      index,
      isNew: false,
      code: item.code,
      name: item.name,
      quantity: quantityDraftText(item.quantity),
      errors: {},
    });
  }

  function commit() {
    if (!editing) return;
    const draft = { code: editing.code, name: editing.name, quantity: editing.quantity };
    const errors = validateEdcDraft(editing.list, draft, editing.index);
    if (errors.code || errors.name || errors.quantity) {
      setEditing({ ...editing, errors });
      return;
    }
    const next = updateEdcItem(editing.list, editing.index, draft);
    setEditing(null);
    setSelectedCode(draft.code.trim());
    onChange(next);
  }

  async function askRemove() {
    if (!selected) return;
    const codes = edcSubtreeCodes(list, selected.code);
    const count = codes.size - 1;
    const text =
      count === 0
        ? t('edc.confirmRemoveLeaf', { item: `${selected.code} ${selected.name}` })
        : t('edc.confirmRemove', { item: `${selected.code} ${selected.name}`, count });
    const money = describeRemoval ? await describeRemoval([...codes]) : null;
    setPendingRemove({ code: selected.code, text, money });
  }

  function handleFieldKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(null);
    }
  }

  const errorText = (field: 'code' | 'name') => {
    const error = editing?.errors[field];
    if (!error) return undefined;
    if (error === 'duplicate') return t('edc.codeTaken', { code: editing?.code.trim() });
    if (error === 'activity') return t('edc.activityCode');
    return field === 'code' ? t('edc.codeRequired') : t('edc.nameRequired');
  };

  const isEditing = editing !== null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: { md: '1 1 0' }, minHeight: 0 }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between', mb: 1 }}
      >
        {/* one line beside the toolbar; the whole title on hover (the page heading has the code too) */}
        <Typography
          id={titleId}
          variant="subtitle1"
          component="h2"
          noWrap
          title={title}
          sx={{ fontWeight: 600, flex: '1 1 180px', minWidth: 0 }}
        >
          {title}
        </Typography>
        {!readOnly && (
          <Stack
            role="toolbar"
            aria-label={t('edc.toolbar')}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            <Button
              size="small"
              variant="outlined"
              color="success"
              startIcon={<AddIcon />}
              disabled={!canEdit || isEditing}
              onClick={startAdd}
            >
              {t('edc.add')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<EditIcon />}
              disabled={!canEdit || isEditing || !selected}
              onClick={() => startEdit(selected)}
            >
              {t('edc.edit')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={!canEdit || isEditing || !selected}
              onClick={() => void askRemove()}
            >
              {t('edc.remove')}
            </Button>
            <Button
              size="small"
              variant={isEditing ? 'contained' : 'outlined'}
              startIcon={<CheckIcon />}
              disabled={!isEditing}
              onClick={commit}
            >
              {t('edc.update')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              startIcon={<CloseIcon />}
              disabled={!isEditing}
              onClick={() => setEditing(null)}
            >
              {t('edc.cancel')}
            </Button>
          </Stack>
        )}
      </Stack>
      {notice}
      <TableContainer
        sx={{
          maxHeight: { xs: 560, md: 'none' },
          flex: { md: '1 1 0' },
          minHeight: { md: 120 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <Table size="small" stickyHeader aria-label={t('edc.gridLabel')}>
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell sx={{ width: '27%' }}>{t('edc.code')}</TableCell>
              <TableCell sx={{ width: '10%' }} title={t('edc.sourceHint')}>
                {t('edc.sourceCode')}
              </TableCell>
              <TableCell sx={{ width: '24%' }} title={t('edc.sourceHint')}>
                {t('edc.sourceName')}
              </TableCell>
              <TableCell sx={{ width: '25%' }}>{t('edc.name')}</TableCell>
              <TableCell sx={{ width: '14%' }} align="right" title={t('edc.quantityHint')}>
                {t('edc.quantity')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map(({ item, depth }, position) => {
              const index = indexOf.get(item) ?? -1;
              const isRowEditing = editing !== null && editing.index === index;
              const quantityCell = edcQuantityCell(item, edpItem);
              const isSelected = !isEditing && selected === item;
              // one tab stop in the grid (the selected row, or the page's first); the arrows move
              const isTabStop = isSelected || (position === 0 && !pageRows.some((row) => row.item === selected));
              return (
                <TableRow
                  key={`${index}:${item.code}`}
                  hover
                  selected={isSelected || isRowEditing}
                  aria-selected={isSelected}
                  data-edc-code={item.code}
                  tabIndex={isTabStop ? 0 : -1}
                  onClick={() => !isEditing && setSelectedCode(item.code)}
                  onDoubleClick={() => startEdit(item)}
                  onKeyDown={(event) => {
                    if (event.target !== event.currentTarget || isEditing) return;
                    const target =
                      event.key === 'ArrowDown'
                        ? event.currentTarget.nextElementSibling
                        : event.key === 'ArrowUp'
                          ? event.currentTarget.previousElementSibling
                          : null;
                    if (target instanceof HTMLElement && target.dataset.edcCode !== undefined) {
                      event.preventDefault();
                      setSelectedCode(target.dataset.edcCode);
                      target.focus();
                    } else if (event.key === ' ') {
                      event.preventDefault();
                      setSelectedCode(item.code);
                    } else if (event.key === 'Enter' || event.key === 'F2') {
                      event.preventDefault();
                      startEdit(item);
                    }
                  }}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell sx={{ pl: 2 + depth * 2.5 }}>
                    {isRowEditing ? (
                      <TextField
                        variant="standard"
                        size="small"
                        fullWidth
                        autoFocus
                        value={editing.code}
                        error={editing.errors.code !== undefined}
                        helperText={errorText('code')}
                        onChange={(event) => setEditing({ ...editing, code: event.target.value, errors: {} })}
                        onKeyDown={handleFieldKeyDown}
                        slotProps={{ htmlInput: { 'aria-label': t('edc.codeField'), maxLength: 120 } }}
                      />
                    ) : (
                      <Stack
                        direction="row"
                        spacing={1}
                        useFlexGap
                        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.25 }}
                      >
                        <Box component="span" sx={{ fontWeight: depth === 0 ? 600 : 400, whiteSpace: 'nowrap' }}>
                          {item.code}
                        </Box>
                        <Chip
                          size="small"
                          variant="outlined"
                          label={t(`edc.kind.${item.kind}`)}
                          sx={{ height: 20, fontSize: '0.7rem', '& .MuiChip-label': { px: 0.75 } }}
                        />
                      </Stack>
                    )}
                  </TableCell>
                  <TableCell data-column="source-code" sx={{ whiteSpace: 'nowrap' }}>
                    {item.sourceCode ?? ''}
                  </TableCell>
                  <TableCell data-column="source-name">{item.sourceName ?? ''}</TableCell>
                  <TableCell>
                    {isRowEditing ? (
                      <TextField
                        variant="standard"
                        size="small"
                        fullWidth
                        value={editing.name}
                        error={editing.errors.name !== undefined}
                        helperText={errorText('name')}
                        onChange={(event) => setEditing({ ...editing, name: event.target.value, errors: {} })}
                        onKeyDown={handleFieldKeyDown}
                        slotProps={{ htmlInput: { 'aria-label': t('edc.nameField'), maxLength: 200 } }}
                      />
                    ) : (
                      item.name
                    )}
                  </TableCell>
                  <TableCell data-column="quantity" align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {isRowEditing && item.kind === 'activity' ? (
                      <TextField
                        variant="standard"
                        size="small"
                        fullWidth
                        value={editing.quantity}
                        placeholder={quantityCell?.inherited === true ? quantityCell.text : undefined}
                        error={editing.errors.quantity !== undefined}
                        helperText={
                          editing.errors.quantity === undefined ? undefined : capitalize(editing.errors.quantity)
                        }
                        onChange={(event) => setEditing({ ...editing, quantity: event.target.value, errors: {} })}
                        onKeyDown={handleFieldKeyDown}
                        slotProps={{
                          htmlInput: { 'aria-label': t('edc.quantityField'), maxLength: 40, inputMode: 'decimal' },
                        }}
                      />
                    ) : quantityCell === null ? (
                      ''
                    ) : quantityCell.inherited ? (
                      <Box component="span" title={t('edc.quantityInherited')} sx={{ color: 'text.secondary' }}>
                        {t('edc.quantityFromEdp', { quantity: quantityCell.text })}
                      </Box>
                    ) : (
                      quantityCell.text
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{edpCode === '' ? t('edc.chooseItem') : t('edc.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > EDC_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={rows.length}
          page={currentPage}
          rowsPerPage={EDC_PAGE_SIZE}
          rowsPerPageOptions={[EDC_PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
      <ConfirmDialog
        isOpen={pendingRemove !== null}
        text={pendingRemove?.text ?? ''}
        details={pendingRemove?.money ? <DeletionMoneyNote text={pendingRemove.money} /> : null}
        onConfirm={() => {
          const pending = pendingRemove;
          setPendingRemove(null);
          if (!pending) return;
          setSelectedCode(null);
          onChange(removeEdcItem(list, pending.code));
        }}
        onCancel={() => setPendingRemove(null)}
      />
    </Box>
  );
}

/** The domain's rule as a field's helper text: 'debe ser mayor que 0' → 'Debe ser mayor que 0'. */
function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
