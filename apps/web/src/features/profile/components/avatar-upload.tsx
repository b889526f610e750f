import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { notifyError } from '@/lib/stores/notices-store';
import { useUploadAvatar } from '../api/upload-avatar';
import { checkAvatarFile, readFileAsDataUrl } from '../utils/read-avatar-file';

/** 'Cambiar foto': PNG, JPEG or WebP up to 2 MB, uploaded with a progress bar. */
export function AvatarUpload() {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const percent = Math.round(upload.progress * 100);
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // let the same file be chosen again after a failure
    input.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem === 'tooLarge') return notifyError(t('profile.photoTooLarge'));
    if (problem === 'wrongType') return notifyError(t('profile.photoWrongType'));
    let dataUrl: string;
    try {
      dataUrl = await readFileAsDataUrl(file);
    } catch {
      return notifyError(t('profile.photoUnreadable'));
    }
    upload.mutate(dataUrl);
  }

  return (
    <Box sx={{ minWidth: 200 }}>
      {/* a real button opens the file chooser: a <label> styled as one, wrapping the input, nested
          one control in another (axe: nested-interactive) */}
      <Button
        variant="outlined"
        size="small"
        startIcon={<PhotoCameraIcon />}
        disabled={upload.isPending}
        onClick={() => inputRef.current?.click()}
      >
        {t('profile.changePhoto')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-label={t('profile.changePhoto')}
        tabIndex={-1}
        disabled={upload.isPending}
        onChange={(event) => void handleChange(event)}
        style={visuallyHidden}
      />
      {upload.isPending && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            color="success"
            aria-label={t('profile.uploadProgress', { percent })}
          />
          <Typography variant="caption" color="text.secondary">
            {t('profile.uploadProgress', { percent })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
