import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField, PasswordField } from '@/components/account/account-fields';

export type SignInValues = { email: string; password: string };

export type SignInFormProps = {
  isSubmitting: boolean;
  onSubmit: (values: SignInValues) => void;
};

/** Email and password sign-in ('Correo', 'Contraseña', 'Ingresar'). */
export function SignInForm({ isSubmitting, onSubmit }: SignInFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<SignInValues>({ defaultValues: { email: '', password: '' } });
  const { errors } = formState;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <EmailField
        id="sign-in-email"
        label={t('login.email')}
        autoComplete="username"
        fieldError={errors.email}
        registration={register('email', { required: t('login.errors.emailRequired') })}
      />
      <PasswordField
        id="sign-in-password"
        label={t('login.password')}
        autoComplete="current-password"
        fieldError={errors.password}
        registration={register('password', { required: t('login.errors.passwordRequired') })}
      />
      <Button type="submit" variant="contained" color="success" size="large" fullWidth loading={isSubmitting}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
