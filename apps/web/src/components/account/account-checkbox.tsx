import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

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
