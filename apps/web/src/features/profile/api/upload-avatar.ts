import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callWithProgress } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/auth';
import { notifyMessage } from '@/lib/stores/notices-store';
import { profileQueryKey } from './load-profile';

/** Uploads the avatar as a data URL with visible progress, then refreshes the profile and the sidebar. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (dataUrl: string) => {
      setProgress(0);
      return callWithProgress('uploadFile', { purpose: 'avatar', dataUrl }, setProgress);
    },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
  return { ...mutation, progress };
}
