import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { EmailField, PasswordField } from '@/components/account/account-fields';

export type SignInValues = { email: string; password: string };

export type SignInFormProps = {
  isSubmitting: boolean;
  onSubmit: (values: SignInValues) => void;
};

type FieldName = keyof SignInValues;
type Errors = Partial<Record<FieldName, FieldError>>;

const FIELDS: readonly FieldName[] = ['email', 'password'];

/**
 * Email and password sign-in ('Correo', 'Contraseña', 'Ingresar'). Its one rule (both filled) is
 * checked here rather than with react-hook-form, which the other account forms use: /login's first
 * download carries no form library (issue 37, 14 KB gzip). It behaves as those forms do: the errors
 * show on submit, the first field in error takes the focus, and once submitted a field is checked
 * again as it is typed in.
 */
export function SignInForm({ isSubmitting, onSubmit }: SignInFormProps) {
  const { t } = useTranslation();
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const isSubmitted = useRef(false);
  const [errors, setErrors] = useState<Errors>({});

  const messages: Record<FieldName, string> = {
    email: t('login.errors.emailRequired'),
    password: t('login.errors.passwordRequired'),
  };

  function errorOf(name: FieldName, value: string): FieldError | undefined {
    return value === '' ? { type: 'required', message: messages[name] } : undefined;
  }

  function registration(name: FieldName): UseFormRegisterReturn<FieldName> {
    return {
      name,
      ref: (input: HTMLInputElement | null) => {
        inputs.current[name] = input;
      },
      onChange: async (event: { target: { value?: unknown } }) => {
        if (!isSubmitted.current) return;
        const error = errorOf(name, typeof event.target.value === 'string' ? event.target.value : '');
        setErrors((current) => ({ ...current, [name]: error }));
      },
      onBlur: async () => undefined,
    };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    isSubmitted.current = true;
    const values: SignInValues = {
      email: inputs.current.email?.value ?? '',
      password: inputs.current.password?.value ?? '',
    };
    const found: Errors = {};
    for (const name of FIELDS) found[name] = errorOf(name, values[name]);
    setErrors(found);
    const first = FIELDS.find((name) => found[name] !== undefined);
    if (first !== undefined) {
      inputs.current[first]?.focus();
      return;
    }
    onSubmit(values);
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <EmailField
        id="sign-in-email"
        label={t('login.email')}
        autoComplete="username"
        fieldError={errors.email}
        registration={registration('email')}
      />
      <PasswordField
        id="sign-in-password"
        label={t('login.password')}
        autoComplete="current-password"
        fieldError={errors.password}
        registration={registration('password')}
      />
      <Button type="submit" variant="contained" color="success" size="large" fullWidth loading={isSubmitting}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
