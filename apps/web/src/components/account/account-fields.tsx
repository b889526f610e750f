import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { Control, FieldError, FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import { muiField } from '@/lib/forms';

/**
 * The account forms' fields (issue 31): name, email and password, as the first account, the sign-in,
 * 'Nuevo usuario' and the profile's 'Información básica' show them. A field is full width; under it
 * its error (the form's own words) or else its hint. Registered with react-hook-form, or read-only
 * (the profile's name and email, filled).
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

function AccountField({
  registration,
  fieldError,
  hint,
  readOnlyValue,
  type,
  ...field
}: AccountFieldProps & FieldKind) {
  if (readOnlyValue !== undefined) {
    return (
      <TextField
        {...field}
        value={readOnlyValue}
        fullWidth
        slotProps={{ input: { readOnly: true } }}
        variant="filled"
      />
    );
  }
  return (
    <TextField
      {...field}
      type={type}
      fullWidth
      error={Boolean(fieldError)}
      helperText={fieldError?.message ?? hint}
      {...(registration ? muiField(registration) : {})}
    />
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

export type AccountCheckboxProps<T extends FieldValues, V extends FieldValues> = {
  control: Control<T, unknown, V>;
  name: Path<T>;
  label: string;
  color?: 'success';
};

/** A yes/no of an account form ('Administrador', 'Cargar catálogos de ejemplo'), held by react-hook-form. */
export function AccountCheckbox<T extends FieldValues, V extends FieldValues>({
  control,
  name,
  label,
  color,
}: AccountCheckboxProps<T, V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              name={field.name}
              checked={Boolean(field.value)}
              color={color}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          }
        />
      )}
    />
  );
}
