import FilledInput from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { muiField } from '@/lib/forms';

/**
 * The account forms' fields (issue 31): name, email and password, as the first account, the sign-in,
 * 'Nuevo usuario' and the profile's 'Información básica' show them. A field is full width; under it
 * its error (the form's own words) or else its hint. Registered with react-hook-form, or read-only
 * (the profile's name and email, filled). Only types come from react-hook-form: the sign-in form,
 * on /login's first download, registers its fields without it (the yes/no boxes are in
 * account-checkbox.tsx).
 */
export type AccountFieldProps = {
  id: string;
  label: string;
  autoComplete?: string;
  /** react-hook-form's register() for the field, with the form's rules. */
  registration?: UseFormRegisterReturn;
  fieldError?: FieldError | undefined;
  /** Under the field while it has no error (the password's rule). */
  hint?: string;
  /** A value shown read-only instead of a registered one. */
  readOnlyValue?: string;
};

type FieldKind = { type?: 'email' | 'password' };

/**
 * What MUI's TextField draws (a labelled outlined or filled input, its helper text tied by
 * aria-describedby), from its parts: TextField carries the Select and its menu for its `select` mode,
 * which /login does not need (issue 37: /login's JavaScript).
 */
function AccountField({
  id,
  label,
  autoComplete,
  registration,
  fieldError,
  hint,
  readOnlyValue,
  type,
}: AccountFieldProps & FieldKind) {
  const labelId = `${id}-label`;
  if (readOnlyValue !== undefined) {
    return (
      <FormControl variant="filled" fullWidth>
        <InputLabel htmlFor={id} id={labelId}>
          {label}
        </InputLabel>
        <FilledInput id={id} value={readOnlyValue} readOnly autoComplete={autoComplete} />
      </FormControl>
    );
  }
  const helperText = fieldError?.message ?? hint;
  const helperTextId = helperText === undefined ? undefined : `${id}-helper-text`;
  return (
    <FormControl variant="outlined" fullWidth error={Boolean(fieldError)}>
      <InputLabel htmlFor={id} id={labelId}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        type={type}
        label={label}
        autoComplete={autoComplete}
        aria-describedby={helperTextId}
        {...(registration ? muiField(registration) : {})}
      />
      {helperText !== undefined && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

/** 'Nombre'. */
export function NameField(props: AccountFieldProps) {
  return <AccountField {...props} />;
}

/** 'Correo'. */
export function EmailField(props: AccountFieldProps) {
  return <AccountField type="email" {...props} />;
}

/** 'Contraseña' (or 'Contraseña temporal'): its rule as the hint. */
export function PasswordField(props: AccountFieldProps) {
  return <AccountField type="password" {...props} />;
}
