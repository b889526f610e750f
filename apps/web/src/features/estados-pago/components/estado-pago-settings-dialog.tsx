import type { Currency, EstadoPagoSettings } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { describeError } from '@/lib/api-client';
import { useSaveEstadoPagoSettings } from '../api/estados-pago';
import {
  clearSettingsDraft,
  fieldsToSettings,
  readSettingsDraft,
  settingsToFields,
  writeSettingsDraft,
} from '../utils/settings-fields';
import type { SettingsFieldErrors, SettingsFields } from '../utils/settings-fields';

export type EstadoPagoSettingsDialogProps = {
  projectId: string;
  userId: string;
  currency: Currency;
  settings: EstadoPagoSettings;
  onClose: () => void;
};

/**
 * 'Condiciones del contrato': the contract's name, the contractor, retention % with its cap, the
 * advance and IVA, typed in Chilean notation. Unsaved edits stay in this browser until saved or
 * discarded; a refusal shows in the dialog.
 */
export function EstadoPagoSettingsDialog({
  projectId,
  userId,
  currency,
  settings,
  onClose,
}: EstadoPagoSettingsDialogProps) {
  const { t } = useTranslation();
  const [draft] = useState(() => readSettingsDraft(userId, projectId));
  const [fields, setFields] = useState<SettingsFields>(() => draft ?? settingsToFields(settings));
  const [isRecovered, setIsRecovered] = useState(draft !== undefined);
  const [errors, setErrors] = useState<SettingsFieldErrors>({});
  const save = useSaveEstadoPagoSettings(projectId);

  function change(name: keyof SettingsFields, value: string) {
    const next = { ...fields, [name]: value };
    setFields(next);
    setErrors((current) => ({ ...current, [name]: undefined }));
    writeSettingsDraft(userId, projectId, next);
  }

  function handleDiscard() {
    clearSettingsDraft(userId, projectId);
    setFields(settingsToFields(settings));
    setErrors({});
    setIsRecovered(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = fieldsToSettings(fields, t('estadoPago.settingsDialog.percentMax'));
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    save.mutate(result.settings, {
      onSuccess: () => {
        clearSettingsDraft(userId, projectId);
        onClose();
      },
    });
  }

  const field = (name: keyof SettingsFields, label: string, options: { helper?: string; isNumber?: boolean } = {}) => (
    <TextField
      key={name}
      label={label}
      value={fields[name]}
      onChange={(event) => change(name, event.target.value)}
      error={errors[name] !== undefined}
      helperText={errors[name] ?? options.helper}
      size="small"
      fullWidth
      slotProps={options.isNumber ? { htmlInput: { inputMode: 'decimal' } } : undefined}
    />
  );

  return (
    <FormDialog
      title={t('estadoPago.settingsDialog.title')}
      onClose={onClose}
      onSubmit={handleSubmit}
      actions={
        <>
          <Button onClick={onClose} color="inherit">
            {t('estadoPago.settingsDialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" loading={save.isPending}>
            {t('estadoPago.settingsDialog.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        {isRecovered && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={handleDiscard}>
                {t('estadoPago.settingsDialog.discard')}
              </Button>
            }
          >
            {t('estadoPago.settingsDialog.draftRecovered')}
          </Alert>
        )}
        {save.isError && <Alert severity="error">{describeError(save.error)}</Alert>}
        {field('contract', t('estadoPago.settingsDialog.contract'))}
        {field('contractor', t('estadoPago.settingsDialog.contractor'))}
        {field('retentionPercent', t('estadoPago.settingsDialog.retentionPercent'), { isNumber: true })}
        {field('retentionCapPercent', t('estadoPago.settingsDialog.retentionCapPercent'), {
          isNumber: true,
          helper: t('estadoPago.settingsDialog.retentionCapHint'),
        })}
        {field('advanceAmount', t('estadoPago.settingsDialog.advanceAmount', { currency }), { isNumber: true })}
        {field('vatPercent', t('estadoPago.settingsDialog.vatPercent'), { isNumber: true })}
        <Alert severity="info" variant="outlined">
          {t('estadoPago.settingsDialog.hint')}
        </Alert>
      </Stack>
    </FormDialog>
  );
}
