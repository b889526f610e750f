import { CONSTRAINT_STATE_LABELS, CONSTRAINT_STATES } from '@cimiento/domain/last-planner';
import type { StoredConstraint } from '@cimiento/domain/last-planner';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConstraintWrite } from '../api/last-planner';
import type { ConstraintField, FieldErrors } from '../utils/field-errors';
import { IsoDateField } from './iso-date-field';

/** Who may answer for a constraint: one of the project's companies or members (else free text). */
export type ResponsibleOption = { kind: 'company' | 'member'; id: string; label: string };

export type ConstraintDialogProps = {
  taskId: number;
  /** '1.2.7 «Moldaje losa»' */
  taskText: string;
  constraint: StoredConstraint | null;
  types: readonly string[];
  responsibles: readonly ResponsibleOption[];
  isSaving: boolean;
  refusal: FieldErrors<ConstraintField> | null;
  onSubmit: (input: ConstraintWrite) => void;
  onClose: () => void;
};

type Responsible = { text: string; companyId: string | null; userId: string | null };

/**
 * 'Agregar restricción' / 'Editar restricción': Tipo (the project's list), Descripción, Responsable
 * (typed, or a company or member picked), Fecha límite, Estado. The server's field messages are
 * shown at their fields; the fields are checked there, not here (its rules, its words).
 */
export function ConstraintDialog(props: ConstraintDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { constraint, types, responsibles, isSaving, refusal, taskId } = props;
  const [type, setType] = useState<string | null>(constraint?.type ?? null);
  const [description, setDescription] = useState(constraint?.description ?? '');
  const [responsible, setResponsible] = useState<Responsible>({
    text: constraint?.responsible ?? '',
    companyId: constraint?.responsibleCompanyId ?? null,
    userId: constraint?.responsibleUserId ?? null,
  });
  const [dueDate, setDueDate] = useState(constraint?.dueDate ?? '');
  const [state, setState] = useState<StoredConstraint['state']>(constraint?.state ?? 'abierta');
  const [localDateError, setLocalDateError] = useState<string | null>(null);
  const errors = refusal?.fields ?? {};

  function submit(event: FormEvent) {
    event.preventDefault();
    if (dueDate === 'invalid') {
      setLocalDateError(t('lastPlanner.constraints.dueDateInvalid'));
      return;
    }
    setLocalDateError(null);
    props.onSubmit({
      taskId,
      ...(constraint === null ? {} : { constraintId: constraint.id, version: constraint.version }),
      type: type ?? '',
      description,
      responsible: responsible.text,
      responsibleCompanyId: responsible.companyId,
      responsibleUserId: responsible.userId,
      dueDate,
      state,
    });
  }

  const picked =
    responsibles.find(
      (option) =>
        (option.kind === 'company' && option.id === responsible.companyId) ||
        (option.kind === 'member' && option.id === responsible.userId),
    ) ?? null;

  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {t(constraint === null ? 'lastPlanner.constraints.addTitle' : 'lastPlanner.constraints.editTitle', {
            task: props.taskText,
          })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Autocomplete
              options={[...types]}
              value={type}
              onChange={(_event, next) => setType(next)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('lastPlanner.constraints.type')}
                  required
                  autoFocus
                  error={errors.type !== undefined}
                  helperText={errors.type}
                />
              )}
            />
            <TextField
              label={t('lastPlanner.constraints.description')}
              required
              multiline
              minRows={2}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              error={errors.description !== undefined}
              helperText={errors.description}
            />
            <Autocomplete
              freeSolo
              options={[...responsibles]}
              groupBy={(option) =>
                option.kind === 'company'
                  ? t('lastPlanner.constraints.responsibleCompany')
                  : t('lastPlanner.constraints.responsibleMember')
              }
              getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
              getOptionKey={(option) => (typeof option === 'string' ? option : `${option.kind}-${option.id}`)}
              value={picked}
              inputValue={responsible.text}
              onInputChange={(_event, text, reason) => {
                if (reason === 'reset') return;
                // typing makes it free text again
                setResponsible({ text, companyId: null, userId: null });
              }}
              onChange={(_event, next) => {
                if (next === null || typeof next === 'string') {
                  setResponsible({ text: next ?? '', companyId: null, userId: null });
                } else {
                  setResponsible({
                    text: next.label,
                    companyId: next.kind === 'company' ? next.id : null,
                    userId: next.kind === 'member' ? next.id : null,
                  });
                }
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('lastPlanner.constraints.responsible')}
                  required
                  error={errors.responsible !== undefined}
                  helperText={errors.responsible ?? t('lastPlanner.constraints.responsibleHint')}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <IsoDateField
                label={t('lastPlanner.constraints.dueDate')}
                value={dueDate}
                onChange={setDueDate}
                isRequired
                error={localDateError ?? errors.dueDate ?? null}
                hint={t('lastPlanner.constraints.dueDateHint')}
                testId="constraint-due-date"
              />
              <TextField
                select
                label={t('lastPlanner.constraints.state')}
                value={state}
                onChange={(event) => setState(event.target.value as StoredConstraint['state'])}
                error={errors.state !== undefined}
                helperText={errors.state}
                sx={{ minWidth: 160 }}
              >
                {CONSTRAINT_STATES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {CONSTRAINT_STATE_LABELS[value]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {refusal !== null && refusal.general.length > 0 && (
              <Alert severity="error" data-testid="constraint-refusal">
                {refusal.general.join('; ')}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={props.onClose} disabled={isSaving}>
            {t('lastPlanner.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" loading={isSaving}>
            {t('lastPlanner.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
