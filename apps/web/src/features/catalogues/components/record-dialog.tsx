import { MAX_ACTIVITY_DURATION, formatNumber } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { StatusTextField } from '@/components/ui/status-text-field';
import { muiField } from '@/lib/forms';
import type { DurationProblem } from '../utils/activity-duration';
import { durationProblem, isMilestoneDuration } from '../utils/activity-duration';
import { useCanWriteCatalogue } from './catalogue-access';

/** `duration` only for activities (issue 13): the dialog shows its field when `initial` has it. */
export type RecordValues = { code: string; name: string; priority: number; duration?: number };

export type RecordDialogProps = {
  title: string;
  /** The code field's label: 'Código', or 'Identificación' for main components. */
  codeLabel?: string;
  initial: RecordValues;
  isSaving: boolean;
  /** Grids of the record (sub-areas, subcomponents) below the three fields. */
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
  onClose: () => void;
  onSubmit: (values: RecordValues) => void;
};

/** The empty priority field counts as 0, which the spec shows as an error. */
function priorityNumber(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

const durationMessageKeys = {
  required: 'catalogues.durationRequired',
  integer: 'catalogues.durationInteger',
  min: 'catalogues.durationMin',
  max: 'catalogues.durationMax',
} as const satisfies Record<DurationProblem, string>;

/**
 * The catalogue modal (product-spec.md §2, §5): code, priority and name, marked required, with an
 * error state when empty (priority when 0) and a success state when filled. It closes on 'Cerrar',
 * on the close icon, on Escape, and (through the caller) after a successful save.
 * Activities add 'Duración (días hábiles)' (issue 13): unlike the three others, a duration that is
 * not a whole number of days in 0..MAX_ACTIVITY_DURATION blocks the save, with the reason beside it.
 */
export function RecordDialog({
  title,
  codeLabel,
  initial,
  isSaving,
  children,
  maxWidth = 'sm',
  onClose,
  onSubmit,
}: RecordDialogProps) {
  const { t } = useTranslation();
  const canWrite = useCanWriteCatalogue();
  const fieldId = useId();
  const { register, handleSubmit, watch } = useForm<RecordValues>({ defaultValues: initial });
  const code = watch('code');
  const name = watch('name');
  const priority = priorityNumber(watch('priority'));
  const hasDuration = initial.duration !== undefined;
  const duration = watch('duration');
  const durationState = durationProblem(duration);
  const durationHelp =
    durationState !== null
      ? t(durationMessageKeys[durationState], { max: formatNumber(MAX_ACTIVITY_DURATION) })
      : isMilestoneDuration(duration)
        ? t('catalogues.durationMilestoneHelp')
        : t('catalogues.durationHelp');
  const saveButton = useRef<HTMLButtonElement>(null);
  const wasSaving = useRef(false);

  // a refused save leaves the modal open: the busy (disabled) button lost the focus, so it gets it back
  useEffect(() => {
    if (wasSaving.current && !isSaving) saveButton.current?.focus();
    wasSaving.current = isSaving;
  }, [isSaving]);

  return (
    <FormDialog
      title={title}
      maxWidth={maxWidth}
      onClose={onClose}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        // issue 36: read only for a user who is not an administrator (Enter in a field sends nothing)
        if (!canWrite) {
          event.preventDefault();
          return;
        }
        void handleSubmit((values) =>
          onSubmit({
            code: values.code,
            name: values.name,
            priority: priorityNumber(values.priority),
            ...(hasDuration && values.duration !== undefined ? { duration: values.duration } : {}),
          }),
        )(event);
      }}
      actions={
        <>
          <Button onClick={onClose} color="inherit">
            {t('catalogues.close')}
          </Button>
          {canWrite && (
            <Button ref={saveButton} type="submit" variant="contained" color="success" loading={isSaving}>
              {t('catalogues.save')}
            </Button>
          )}
        </>
      }
    >
      <Stack spacing={1}>
        {!canWrite && (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="catalogue-record-read-only">
            {t('catalogues.adminOnly')}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <StatusTextField
            id={`${fieldId}-code`}
            label={codeLabel ?? t('catalogues.code')}
            autoComplete="off"
            autoFocus
            isValid={code.trim() !== ''}
            errorText={t('catalogues.required')}
            {...muiField(register('code'))}
          />
          <StatusTextField
            id={`${fieldId}-priority`}
            label={t('catalogues.priority')}
            type="number"
            isValid={priority >= 1}
            errorText={t('catalogues.priorityRequired')}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            sx={{ maxWidth: { sm: 180 } }}
            {...muiField(register('priority', { valueAsNumber: true }))}
          />
        </Stack>
        <StatusTextField
          id={`${fieldId}-name`}
          label={t('catalogues.name')}
          autoComplete="off"
          isValid={name.trim() !== ''}
          errorText={t('catalogues.required')}
          {...muiField(register('name'))}
        />
        {hasDuration && (
          <StatusTextField
            id={`${fieldId}-duration`}
            label={t('catalogues.duration')}
            type="number"
            isValid={durationState === null}
            errorText={durationHelp}
            helperText={durationHelp}
            slotProps={{ htmlInput: { min: 0, max: MAX_ACTIVITY_DURATION, step: 1 } }}
            sx={{ maxWidth: { sm: 260 } }}
            {...muiField(
              register('duration', {
                valueAsNumber: true,
                // the save waits for a duration the server accepts; the field already says why
                validate: (value) => durationProblem(value) === null,
              }),
            )}
          />
        )}
        {children}
      </Stack>
    </FormDialog>
  );
}
