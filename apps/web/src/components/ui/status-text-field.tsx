import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export type StatusTextFieldProps = TextFieldProps & {
  /** false: the error state (red, aria-invalid); true: the success state (green, a check mark). */
  isValid: boolean;
  errorText: string;
  /**
   * Neither state, whatever `isValid` says: the answer is not known yet (a check still running, or
   * one that could not be made). The field shows its `helperText`.
   */
  isNeutral?: boolean;
};

/**
 * A required field that shows the spec's validation states (§5): an error state when empty and a
 * success state when filled. The display alone does not block saving; the server has the last word.
 */
const successSx = {
  '& .MuiOutlinedInput-notchedOutline': { borderColor: 'success.main' },
  '& .MuiInputLabel-root': { color: 'success.main' },
} as const;

export function StatusTextField({
  isValid,
  errorText,
  isNeutral = false,
  slotProps,
  sx,
  ...props
}: StatusTextFieldProps) {
  const { t } = useTranslation();
  const state = isNeutral ? 'neutral' : isValid ? 'success' : 'error';
  return (
    <TextField
      required
      fullWidth
      error={state === 'error'}
      color={state === 'success' ? 'success' : 'primary'}
      helperText={state === 'error' ? errorText : ' '}
      {...props}
      sx={[state === 'success' ? successSx : {}, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{
        ...slotProps,
        htmlInput: { ...slotProps?.htmlInput, 'data-validation': state },
        input: {
          endAdornment:
            state === 'success' ? (
              <InputAdornment position="end">
                <CheckCircleIcon color="success" fontSize="small" titleAccess={t('common.filled')} />
              </InputAdornment>
            ) : undefined,
        },
      }}
    />
  );
}
