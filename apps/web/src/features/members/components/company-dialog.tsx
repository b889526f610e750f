import { checkRut } from '@cimiento/domain/members';
import type { ProjectCompany } from '@cimiento/domain/members';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { StatusTextField } from '@/components/ui/status-text-field';
import type { CompanyInput } from '../api/members';
import type { CompanyField, Refusal } from '../utils/refusals';

type CompanyKind = ProjectCompany['kind'];

/**
 * The kinds, in the order offered. Written here rather than taken from the members' entry: its
 * `companyKinds` sits beside the zod contracts, which would come into this screen's chunk with it.
 */
const companyKinds = ['contratista', 'subcontratista'] as const satisfies readonly CompanyKind[];
type MissingKind = Exclude<CompanyKind, (typeof companyKinds)[number]>;
const _allKindsListed: MissingKind extends never ? true : false = true;

export type CompanyDialogProps = {
  /** null: a new company. */
  company: ProjectCompany | null;
  isSaving: boolean;
  /** The server's last refusal (a RUT already used in the project), at its field or as an alert. */
  refusal: Refusal<CompanyField> | null;
  onSubmit: (company: CompanyInput) => void;
  onClose: () => void;
};

/**
 * 'Agregar empresa' / 'Editar empresa' (issue 36): name, RUT and kind. The RUT is checked as it is
 * typed (the domain's checkRut: its form and its check digit, the reason at the field) and written
 * the usual way when the field is left ('76086428-5' → '76.086.428-5').
 */
export function CompanyDialog({ company, isSaving, refusal, onSubmit, onClose }: CompanyDialogProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [name, setName] = useState(company?.name ?? '');
  const [rut, setRut] = useState(company?.rut ?? '');
  const [kind, setKind] = useState<CompanyKind>(company?.kind ?? 'subcontratista');
  // the answer of the server is about what was sent: it stands until the field is changed
  const [refusedRut, setRefusedRut] = useState<string | null>(null);
  const [hasTried, setHasTried] = useState(false);

  const rutCheck = checkRut(rut);
  const isRutTouched = hasTried || rut.trim() !== '';
  const serverRutError = refusal?.field === 'rut' && refusedRut === rut ? refusal.text : null;
  const rutError = !rutCheck.ok ? rutCheck.error : serverRutError;
  const serverNameError = refusal?.field === 'name' ? refusal.text : null;
  const alert = refusal !== null && refusal.field !== 'rut' && refusal.field !== 'name' ? refusal.text : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasTried(true);
    if (name.trim() === '' || !rutCheck.ok) return;
    setRut(rutCheck.rut);
    setRefusedRut(rutCheck.rut);
    onSubmit({ ...(company ? { id: company.id } : {}), name: name.trim(), rut: rutCheck.rut, kind });
  }

  return (
    <FormDialog
      title={company ? t('members.companies.editTitle') : t('members.companies.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      actions={
        <>
          <Button onClick={onClose} color="inherit">
            {t('members.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" loading={isSaving}>
            {t('members.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        {alert !== null && (
          <Alert severity="error" data-testid="company-refusal" sx={{ mb: 1 }}>
            {alert}
          </Alert>
        )}
        <StatusTextField
          id={`${fieldId}-name`}
          label={t('members.companies.name')}
          autoComplete="off"
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          isValid={name.trim() !== '' && serverNameError === null}
          isNeutral={!hasTried && name === '' && company === null}
          errorText={serverNameError ?? t('members.companies.nameRequired')}
        />
        <StatusTextField
          id={`${fieldId}-rut`}
          label={t('members.companies.rut')}
          autoComplete="off"
          value={rut}
          onChange={(event) => setRut(event.target.value)}
          onBlur={() => {
            if (rutCheck.ok) setRut(rutCheck.rut);
          }}
          isValid={rutError === null}
          isNeutral={!isRutTouched}
          errorText={rutError ?? ''}
          // the reason while the RUT is wrong, how to write it otherwise
          helperText={rutError !== null && isRutTouched ? rutError : t('members.companies.rutHelp')}
          slotProps={{ htmlInput: { inputMode: 'text', spellCheck: false } }}
        />
        <TextField
          id={`${fieldId}-kind`}
          select
          required
          fullWidth
          label={t('members.companies.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as CompanyKind)}
        >
          {companyKinds.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`companyKinds.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
