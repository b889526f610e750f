import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEnUS, esES as pickersEsES } from '@mui/x-date-pickers/locales';
import { format, isValid, parseISO } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { useTranslation } from 'react-i18next';

export type IsoDateFieldProps = {
  label: string;
  /** YYYY-MM-DD, '' for none; an unreadable typed date is 'invalid' */
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  testId?: string;
  size?: 'small' | 'medium';
};

/**
 * A date picked or typed dd-mm-aaaa, as the app's other screens take one (the UF values' dialog),
 * kept as a date-only YYYY-MM-DD text: '' when empty, 'invalid' when what is typed is not a date.
 */
export function IsoDateField({
  label,
  value,
  onChange,
  error = null,
  hint,
  isRequired = false,
  isDisabled = false,
  testId,
  size = 'medium',
}: IsoDateFieldProps) {
  const { i18n } = useTranslation();
  const isEnglish = i18n.language === 'en-US';
  const date = value === '' || value === 'invalid' ? null : parseISO(value);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={isEnglish ? enUS : es}
      localeText={(isEnglish ? pickersEnUS : pickersEsES).components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <DatePicker
        label={label}
        value={date}
        onChange={(next) => onChange(next === null ? '' : isValid(next) ? format(next, 'yyyy-MM-dd') : 'invalid')}
        format="dd-MM-yyyy"
        disabled={isDisabled}
        enableAccessibleFieldDOMStructure={false}
        slotProps={{
          textField: {
            required: isRequired,
            size,
            error: error !== null,
            helperText: error ?? hint,
            inputProps: testId === undefined ? {} : { 'data-testid': testId },
          },
        }}
      />
    </LocalizationProvider>
  );
}
