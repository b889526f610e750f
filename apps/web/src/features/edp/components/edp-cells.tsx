import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { MRT_ExpandButton } from 'material-react-table';
import type { MRT_Row, MRT_TableInstance } from 'material-react-table';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEdpEditor, useEdpEditorStore } from '../stores/edp-editor-store';
import type { EdpFieldError } from '../stores/edp-editor-store';
import type { EdpNode } from '@/lib/edp-tree-rows';

type EdpCellProps = { row: MRT_Row<EdpNode>; table: MRT_TableInstance<EdpNode> };

export function fieldErrorText(t: TFunction, field: 'code' | 'name', error: EdpFieldError | undefined): string {
  if (!error) return '';
  if (error.kind === 'duplicate') return t('edp.codeTaken', { code: error.code, id: error.id });
  return field === 'code' ? t('edp.codeRequired') : t('edp.nameRequired');
}

/** The row's text field while it is being edited: Enter commits the row, Escape discards it. */
function EdpEditField({ field, id }: { field: 'code' | 'name'; id: number }) {
  const { t } = useTranslation();
  const store = useEdpEditorStore();
  const value = useEdpEditor((state) => state.editing?.[field] ?? '');
  const error = useEdpEditor((state) => state.editing?.errors[field]);
  const helperText = fieldErrorText(t, field, error);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // the grid's own keys (selection, expansion) stay out of the field
    event.stopPropagation();
    // focus goes back to the row (not to the page) once the field is gone
    if (event.key === 'Enter') {
      event.preventDefault();
      if (store.getState().commitEdit()) store.getState().focusSelectedRow();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      store.getState().cancelEdit();
      store.getState().focusSelectedRow();
    }
  }

  return (
    <TextField
      variant="standard"
      size="small"
      fullWidth
      autoFocus={field === 'code'}
      value={value}
      error={error !== undefined}
      helperText={helperText || undefined}
      onChange={(event) => store.getState().setDraft(field, event.target.value)}
      onKeyDown={handleKeyDown}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      slotProps={{
        htmlInput: {
          'aria-label': t(field === 'code' ? 'edp.codeField' : 'edp.nameField', { id }),
          'data-edp-field': field,
          autoComplete: 'off',
          maxLength: field === 'code' ? 100 : 200,
        },
        formHelperText: { sx: { whiteSpace: 'normal', mx: 0 } },
      }}
    />
  );
}

/** Código: the tree column (spec §9 "tree column index 1"): the expand button indented by depth, then the code. */
export function EdpCodeCell({ row, table }: EdpCellProps) {
  const id = row.original.id;
  const isEditing = useEdpEditor((state) => state.editing?.id === id);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, width: '100%', minWidth: 0 }}>
      <MRT_ExpandButton row={row} table={table} />
      {isEditing ? (
        <EdpEditField field="code" id={id} />
      ) : (
        <Box component="span" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {row.original.code}
        </Box>
      )}
    </Box>
  );
}

export function EdpNameCell({ row }: EdpCellProps) {
  const id = row.original.id;
  const isEditing = useEdpEditor((state) => state.editing?.id === id);
  if (isEditing) return <EdpEditField field="name" id={id} />;
  return (
    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {row.original.name}
    </Box>
  );
}
