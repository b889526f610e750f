import Checkbox from '@mui/material/Checkbox';
import FilledInput from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
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
