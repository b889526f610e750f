import { projectRoles } from '@cimiento/domain/members';
import type { ProjectCompany, ProjectMember, ProjectRole } from '@cimiento/domain/members';
import type { UserSummary } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import type { MemberInput } from '../api/members';
import type { MemberField, Refusal } from '../utils/refusals';

export type MemberDialogProps = {
  /** null: a new member (the user is picked); otherwise the member whose role or company changes. */
  member: ProjectMember | null;
  /** The users who may be added (enabled, not yet members); only for a new member. */
  candidates: readonly UserSummary[];
  isLoadingCandidates?: boolean;
  companies: readonly ProjectCompany[];
  isSaving: boolean;
  /** The server's last refusal, at its field or (no field) as an alert. */
  refusal: Refusal<MemberField> | null;
  onSubmit: (member: MemberInput) => void;
  onClose: () => void;
};

const NO_COMPANY = '';

/**
 * 'Agregar miembro' / 'Cambiar el rol de …' (issue 36): the user (an Autocomplete by name or email,
 * new members only), the role with what each role may do, and the company — required of a
 * 'Subcontratista', said at the field before anything is sent.
 */
export function MemberDialog({
  member,
  candidates,
  isLoadingCandidates = false,
  companies,
  isSaving,
  refusal,
  onSubmit,
  onClose,
}: MemberDialogProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [user, setUser] = useState<UserSummary | null>(null);
  const [role, setRole] = useState<ProjectRole>(member?.role ?? 'lector');
  const [companyId, setCompanyId] = useState<string>(member?.companyId ?? NO_COMPANY);
  const [hasTried, setHasTried] = useState(false);

  const isNew = member === null;
  const userError = isNew && hasTried && user === null ? t('members.userRequired') : null;
  const companyMissing = role === 'subcontratista' && companyId === NO_COMPANY;
  const companyError =
    (companyMissing ? t('members.companyRequired') : null) ?? (refusal?.field === 'company' ? refusal.text : null);
  const companyHelp =
    companyError ??
    (companies.length === 0 && role === 'subcontratista'
      ? t('members.companyNoneYet')
      : role === 'subcontratista'
        ? ' '
        : t('members.companyOptional'));
  const alert = refusal !== null && refusal.field !== 'company' ? refusal.text : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasTried(true);
    const userId = member?.userId ?? user?.id;
    if (userId === undefined || companyMissing) return;
    onSubmit({ userId, role, companyId: companyId === NO_COMPANY ? null : companyId });
  }

  return (
    <FormDialog
      title={isNew ? t('members.addTitle') : t('members.editTitle', { name: member.name })}
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
      <Stack spacing={2} sx={{ pt: 1 }}>
        {alert !== null && (
          <Alert severity="error" data-testid="member-refusal">
            {alert}
          </Alert>
        )}
        {isNew && (
          <Autocomplete
            id={`${fieldId}-user`}
            options={candidates}
            value={user}
            loading={isLoadingCandidates}
            onChange={(_event, value) => setUser(value)}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            filterOptions={(options, { inputValue }) => {
              const wanted = inputValue.trim().toLocaleLowerCase('es-CL');
              return options.filter(
                (option) =>
                  option.name.toLocaleLowerCase('es-CL').includes(wanted) ||
                  option.email.toLocaleLowerCase('es-CL').includes(wanted),
              );
            }}
            noOptionsText={candidates.length === 0 ? t('members.noUsersLeft') : t('members.noUserMatch')}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                <ListItemText primary={option.name} secondary={option.email} />
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('members.user')}
                required
                autoFocus
                error={userError !== null || refusal?.field === 'user'}
                helperText={userError ?? (refusal?.field === 'user' ? refusal.text : t('members.userHelp'))}
              />
            )}
          />
        )}
        <TextField
          id={`${fieldId}-role`}
          select
          required
          label={t('members.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as ProjectRole)}
          error={refusal?.field === 'role'}
          helperText={refusal?.field === 'role' ? refusal.text : t(`roleDescriptions.${role}`)}
          slotProps={{ select: { renderValue: (value) => t(`roles.${value as ProjectRole}`) } }}
        >
          {projectRoles.map((option) => (
            <MenuItem key={option} value={option}>
              <ListItemText primary={t(`roles.${option}`)} secondary={t(`roleDescriptions.${option}`)} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id={`${fieldId}-company`}
          select
          required={role === 'subcontratista'}
          label={t('members.company')}
          value={companyId}
          onChange={(event) => setCompanyId(event.target.value)}
          error={companyError !== null}
          helperText={companyHelp}
          slotProps={{
            select: {
              displayEmpty: true,
              renderValue: (value) =>
                value === NO_COMPANY
                  ? t('members.noCompany')
                  : (companies.find((company) => company.id === value)?.name ?? t('members.noCompany')),
            },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value={NO_COMPANY}>{t('members.noCompany')}</MenuItem>
          {companies.map((company) => (
            <MenuItem key={company.id} value={company.id}>
              {t('members.companyOption', { name: company.name, rut: company.rut })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
