import { FIRST_ACCOUNT_MIN_PASSWORD_LENGTH as MIN_PASSWORD_LENGTH } from '@/lib/password-rules';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountCheckbox } from '@/components/account/account-checkbox';
import { EmailField, NameField, PasswordField } from '@/components/account/account-fields';

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
  const passwordRule = t('login.errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
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
      <NameField
        id="first-account-name"
        label={t('login.name')}
        autoComplete="name"
        fieldError={errors.name}
        registration={register('name', {
          validate: (value) => value.trim() !== '' || t('login.errors.nameRequired'),
        })}
      />
      <EmailField
        id="first-account-email"
        label={t('login.email')}
        autoComplete="username"
        fieldError={errors.email}
        registration={register('email', {
          required: t('login.errors.emailRequired'),
          pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: t('login.errors.invalidEmail') },
        })}
      />
      <PasswordField
        id="first-account-password"
        label={t('login.password')}
        autoComplete="new-password"
        fieldError={errors.password}
        hint={passwordRule}
        registration={register('password', { minLength: { value: MIN_PASSWORD_LENGTH, message: passwordRule } })}
      />
      <AccountCheckbox control={control} name="seedCatalogues" label={t('login.seedCatalogues')} color="success" />
      <Button type="submit" variant="contained" color="success" size="large" fullWidth loading={isSubmitting}>
        {t('login.createFirstAccount')}
      </Button>
    </Stack>
  );
}
