import type { SaveProfileInput } from '@cimiento/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, describeError } from '@/lib/api-client';
import { notifyError, notifyMessage } from '@/lib/stores/notices-store';
import { profileQueryKey } from './load-profile';

/** Saves the 'users' document; success shows the server's 'Usuario actualizado' (spec §8). */
export function useSaveProfile() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveProfileInput) => call('saveProfile', input),
    meta: { showErrorToast: false },
    onSuccess: (result) => {
      queryClient.setQueryData(profileQueryKey, result);
      notifyMessage(result.message);
    },
    onError: (error) => notifyError(t('profile.saveFailed', { error: describeError(error) })),
  });
}
