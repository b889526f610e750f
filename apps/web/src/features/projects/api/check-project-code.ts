import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, isFunctionError } from '@/lib/api-client';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { CodeCheck } from '../utils/wizard-rules';
import { isCodeWellFormed } from '../utils/wizard-rules';

/** How long the wizard waits after the last keystroke before asking whether the code is free. */
export const CODE_CHECK_DELAY_MS = 300;

/**
 * checkProjectCode for one code. Silent: no global spinner (the user is typing) and no error toast
 * (the field shows the outcome); a refusal is not retried.
 */
export function projectCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['checkProjectCode', code] as const,
    queryFn: ({ signal }) => call('checkProjectCode', { code }, { signal }),
    // a failed check must not hold the wizard up for retries: it shows as 'unknown' at once
    retry: false,
    meta: { showErrorToast: false, showGlobalSpinner: false },
  });
}

function withoutFieldPrefix(message: string): string {
  const text = message.replace(/^code: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Whether the wizard's code is free, asked as it is typed (after a pause of CODE_CHECK_DELAY_MS).
 * An empty or malformed code is not asked about (the field says why); a check that could not be
 * made (network) is 'unknown' and does not stop the wizard: saveProject refuses a duplicate anyway.
 */
export function useProjectCodeCheck(code: string): CodeCheck {
  const typed = code.trim();
  const debounced = useDebouncedValue(typed, CODE_CHECK_DELAY_MS);
  const isAskable = typed !== '' && isCodeWellFormed(typed);
  const query = useQuery({
    ...projectCodeQueryOptions(debounced),
    enabled: isAskable && debounced === typed,
  });
  if (!isAskable) return { status: 'idle' };
  if (debounced !== typed || query.isPending) return { status: 'checking' };
  if (query.isError) {
    const error = query.error;
    return isFunctionError(error) && error.code === 'INVALID_ARGUMENT'
      ? { status: 'invalid', message: withoutFieldPrefix(error.message) }
      : { status: 'unknown' };
  }
  return query.data.available
    ? { status: 'available', message: query.data.message }
    : { status: 'taken', message: query.data.message };
}
