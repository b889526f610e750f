import { workWeeks } from '@cimiento/domain';
import type { WorkWeek } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { StaleSaveAlert } from '@/components/ui/stale-save-alert';
import { StatusTextField } from '@/components/ui/status-text-field';
import { useUnsavedWork } from '@/hooks/use-unsaved-work';
import { describeError, isFunctionError } from '@/lib/api-client';
import { useReloadEditableProject, useUpdateProject } from '../api/update-project';
import type { EditableProject, ProjectEditDraft } from '../utils/project-edit-rules';
import {
  canSaveProjectEdit,
  isSameEditDraft,
  movesGanttStart,
  toEditDraft,
  toProjectUpdateInput,
} from '../utils/project-edit-rules';
import { isFilled, isNonZeroNumber } from '../utils/wizard-rules';
import { ProjectFinancialFields } from './project-financial-fields';

function isWorkWeek(value: string): value is WorkWeek {
  return (workWeeks as readonly string[]).includes(value);
}

type PendingConfirm = 'save' | 'close' | 'reload';

export type ProjectEditDialogProps = {
  /** The project as the screen has it; its `version` is what the save is based on. */
  project: EditableProject;
  onClose: () => void;
};

/**
 * 'Editar proyecto' (issue 12), from the project home and the project list: name, priority,
 * currency, budget, years and the work week, with the wizard's validation states. The code and the
 * template are shown, not edited. 'Grabar' asks first, then saves on the version the dialog
 * started from. A stale save (ABORTED: someone saved meanwhile) keeps what the user typed and
 * offers 'Recargar', which, after asking, loads the stored values. Closing with changes asks first;
 * so does leaving the page.
 */
export function ProjectEditDialog({ project, onClose }: ProjectEditDialogProps) {
  const { t } = useTranslation();
  // the stored project the edit is based on; 'Recargar' replaces it
  const [base, setBase] = useState<EditableProject>(project);
  const stored = useMemo(() => toEditDraft(base), [base]);
  const [draft, setDraft] = useState<ProjectEditDraft>(stored);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);

  const update = useUpdateProject();
  const reload = useReloadEditableProject({
    onSuccess: (fresh) => {
      setBase(fresh);
      setDraft(toEditDraft(fresh));
      setStaleMessage(null);
    },
  });

  const isDirty = !isSameEditDraft(draft, stored);
  useUnsavedWork(isDirty, t('unsavedWork.screens.project'));
  const canSave = staleMessage === null && canSaveProjectEdit(draft, stored);
  const isBusy = update.isPending || reload.isPending;

  function change(changes: Partial<ProjectEditDraft>) {
    setDraft((current) => ({ ...current, ...changes }));
  }

  function requestClose() {
    if (isBusy) return;
    if (isDirty) setConfirm('close');
    else onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSave) setConfirm('save');
  }

  function handleConfirm() {
    const pending = confirm;
    if (pending === 'close') {
      setConfirm(null);
      onClose();
    } else if (pending === 'reload') {
      setConfirm(null);
      reload.mutate(base._id);
    } else if (pending === 'save') {
      update.mutate(
        { id: base._id, project: toProjectUpdateInput(draft), version: base.version },
        {
          onSuccess: onClose,
          onError: (error) => {
            // what the user typed stays; 'Recargar' loads what is stored now
            if (isFunctionError(error) && error.code === 'ABORTED') setStaleMessage(describeError(error));
          },
          onSettled: () => setConfirm(null),
        },
      );
    }
  }

  const confirmText =
    confirm === 'save'
      ? t('projects.confirmEdit')
      : confirm === 'reload'
        ? t('projects.confirmReloadEdit')
        : t('projects.confirmCloseEdit');

  return (
    <>
      <FormDialog
        title={t('projects.edit')}
        maxWidth="md"
        onClose={requestClose}
        onSubmit={handleSubmit}
        actions={
          <>
            <Button onClick={requestClose} color="inherit" disabled={isBusy}>
              {t('catalogues.confirmNo')}
            </Button>
            <Button type="submit" variant="contained" color="success" disabled={!canSave} loading={update.isPending}>
              {t('catalogues.save')}
            </Button>
          </>
        }
      >
        <StaleSaveAlert
          message={staleMessage}
          reloadLabel={t('projects.reload')}
          onReload={() => setConfirm('reload')}
        />
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <StatusTextField
              label={t('projects.name')}
              autoComplete="off"
              autoFocus
              value={draft.name}
              onChange={(event) => change({ name: event.target.value })}
              isValid={isFilled(draft.name)}
              errorText={t('projects.required')}
            />
            <TextField
              label={t('projects.code')}
              value={base.code}
              disabled
              helperText={t('projects.codeLocked')}
              sx={{ maxWidth: { md: 260 } }}
              fullWidth
            />
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <StatusTextField
              label={t('projects.priority')}
              type="number"
              value={draft.priority}
              onChange={(event) => change({ priority: event.target.value })}
              isValid={isNonZeroNumber(draft.priority)}
              errorText={t('projects.priorityRequired')}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
              sx={{ maxWidth: { md: 200 } }}
            />
            <TextField
              select
              label={t('gantt.workWeek')}
              value={draft.workWeek}
              onChange={(event) => {
                if (isWorkWeek(event.target.value)) change({ workWeek: event.target.value });
              }}
              helperText={t('projects.workWeekHelp')}
              fullWidth
            >
              {workWeeks.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`gantt.workWeeks.${option}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <ProjectFinancialFields values={draft} onChange={change} />
          {movesGanttStart(draft, stored) && (
            <Alert severity="info">{t('projects.startYearLater', { year: draft.startYear.trim() })}</Alert>
          )}
        </Stack>
      </FormDialog>
      <ConfirmDialog
        isOpen={confirm !== null}
        text={confirmText}
        confirmColor={confirm === 'save' ? 'success' : 'error'}
        isBusy={update.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
