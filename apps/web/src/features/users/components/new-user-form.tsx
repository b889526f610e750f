import { MIN_PASSWORD_LENGTH } from '@cimiento/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PagePanel } from '@/components/ui/page-panel';
import { useSession } from '@/lib/auth';
import { AccountCheckbox } from '@/components/account/account-checkbox';
import { EmailField, NameField, PasswordField } from '@/components/account/account-fields';
import { useSaveUser } from '../api/save-user';

/** The limits of saveUser's new-user payload (packages/domain user-contracts), with the catalogue's words. */
function newUserSchema(t: TFunction) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, { error: t('users.validation.nameRequired') })
      .max(120, { error: t('users.validation.nameTooLong') }),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: t('users.validation.emailInvalid') }).max(254)),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, { error: t('users.validation.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) })
      .max(128, { error: t('users.validation.passwordTooLong') }),
    admin: z.boolean(),
  });
}

type NewUserInput = z.input<ReturnType<typeof newUserSchema>>;
type NewUserValues = z.output<ReturnType<typeof newUserSchema>>;

function NewUserFormFields() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saveUser = useSaveUser({ onSuccess: () => void navigate('/usuarios/list') });
  const schema = useMemo(() => newUserSchema(t), [t]);
  const { register, control, handleSubmit, formState } = useForm<NewUserInput, unknown, NewUserValues>({
    defaultValues: { name: '', email: '', password: '', admin: false },
    resolver: zodResolver(schema),
  });
  const { errors } = formState;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 520 }}
      onSubmit={(event) => void handleSubmit((values) => saveUser.mutate(values))(event)}
    >
      <Typography variant="body2" color="text.secondary">
        {t('users.newUserIntro')}
      </Typography>
      <NameField
        id="new-user-name"
        label={t('users.name')}
        autoComplete="off"
        fieldError={errors.name}
        registration={register('name')}
      />
      <EmailField
        id="new-user-email"
        label={t('users.email')}
        autoComplete="off"
        fieldError={errors.email}
        registration={register('email')}
      />
      <PasswordField
        id="new-user-password"
        label={t('users.temporaryPassword')}
        autoComplete="new-password"
        fieldError={errors.password}
        hint={t('users.validation.passwordTooShort', { min: MIN_PASSWORD_LENGTH })}
        registration={register('password')}
      />
      <AccountCheckbox control={control} name="admin" label={t('users.admin')} />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" color="success" loading={saveUser.isPending}>
          {t('users.create')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** /usuarios/new: administrators create users; anyone else is told only they can. */
export function NewUserForm() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  return (
    <PagePanel title={t('users.newUser')}>
      {isAdmin ? <NewUserFormFields /> : <Alert severity="info">{t('users.onlyAdminCanCreate')}</Alert>}
    </PagePanel>
  );
}
