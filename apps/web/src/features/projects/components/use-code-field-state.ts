import { useTranslation } from 'react-i18next';
import type { CodeCheck } from '../utils/wizard-rules';
import { isCodeWellFormed, isFilled } from '../utils/wizard-rules';

export type CodeFieldState = { isValid: boolean; isNeutral: boolean; errorText: string; helperText?: string };

/**
 * What a new project's code field shows (the wizard's step 1, 'Importar programa (MS Project o Primavera P6)'): its own
 * rules first, then what checkProjectCode said as it was typed.
 */
export function useCodeFieldState(code: string, codeCheck: CodeCheck): CodeFieldState {
  const { t } = useTranslation();
  if (!isFilled(code)) return { isValid: false, isNeutral: false, errorText: t('projects.required') };
  if (!isCodeWellFormed(code)) return { isValid: false, isNeutral: false, errorText: t('projects.codeInvalid') };
  switch (codeCheck.status) {
    case 'taken':
    case 'invalid':
      return { isValid: false, isNeutral: false, errorText: codeCheck.message };
    case 'available':
      return { isValid: true, isNeutral: false, errorText: '', helperText: codeCheck.message };
    case 'unknown':
      return { isValid: true, isNeutral: true, errorText: '', helperText: t('projects.codeCheckFailed') };
    default:
      return { isValid: true, isNeutral: true, errorText: '', helperText: t('projects.codeChecking') };
  }
}
