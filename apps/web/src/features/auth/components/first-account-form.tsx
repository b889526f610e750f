import { FIRST_ACCOUNT_MIN_PASSWORD_LENGTH as MIN_PASSWORD_LENGTH } from '@/lib/password-rules';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiField } from '@/lib/forms';

export type FirstAccountValues = {
  name: string;
  email: string;
  password: string;
  /** 'Cargar catálogos de ejemplo': the starter catalogue is loaded right after the account exists. */
  seedCatalogues: boolean;
};

export type FirstAccountFormProps = {
  isSubmitting: boolean;
  onSubmit: (values: FirstAccountValues) => void;
};

/** Shown while the installation has no user: the first account becomes the administrator. */
export function FirstAccountForm({ isSubmitting, onSubmit }: FirstAccountFormProps) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, formState } = useForm<FirstAccountValues>({
    defaultValues: { name: '', email: '', password: '', seedCatalogues: true },
  });
  const { errors } = formState;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby="first-account-title"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <Typography id="first-account-title" variant="h6" component="h2">
        {t('login.firstAccountTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('login.firstAccountIntro')}
      </Typography>
      <TextField
        id="first-account-name"
        label={t('login.name')}
        autoComplete="name"
        fullWidth
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
        {...muiField(
          register('name', {
            validate: (value) => value.trim() !== '' || t('login.errors.nameRequired'),
          }),
        )}
      />
      <TextField
        id="first-account-email"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...muiField(
          register('email', {
            required: t('login.errors.emailRequired'),
            pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: t('login.errors.invalidEmail') },
          }),
        )}
      />
      <TextField
        id="first-account-password"
        label={t('login.password')}
        type="password"
        autoComplete="new-password"
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? t('login.errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH })}
        {...muiField(
          register('password', {
            minLength: {
              value: MIN_PASSWORD_LENGTH,
              message: t('login.errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH }),
            },
          }),
        )}
      />
      <Controller
        control={control}
        name="seedCatalogues"
        render={({ field }) => (
          <FormControlLabel
            label={t('catalogues.seedCatalogues')}
            control={
              <Checkbox
                name={field.name}
                checked={field.value}
                color="success"
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
            }
          />
        )}
      />
      <Button type="submit" variant="contained" color="success" size="large" fullWidth loading={isSubmitting}>
        {t('login.createFirstAccount')}
      </Button>
    </Stack>
  );
}
