import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiField } from '@/lib/forms';

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
      <TextField
        id="sign-in-email"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...muiField(register('email', { required: t('login.errors.emailRequired') }))}
      />
      <TextField
        id="sign-in-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...muiField(register('password', { required: t('login.errors.passwordRequired') }))}
      />
      <Button type="submit" variant="contained" color="success" size="large" fullWidth loading={isSubmitting}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
