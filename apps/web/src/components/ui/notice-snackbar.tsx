import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { SnackbarContent, useSnackbar } from 'notistack';
import type { CustomContentProps } from 'notistack';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A toast drawn as an MUI Alert titled 'Mensaje de Cimiento' or 'Error en Cimiento' (spec §8).
 * Successes are announced politely (role status); errors interrupt (role alert).
 */
export const NoticeSnackbar = forwardRef<HTMLDivElement, CustomContentProps>(function NoticeSnackbar(props, ref) {
  const { id, message, variant } = props;
  const { t } = useTranslation();
  const { closeSnackbar } = useSnackbar();
  const isError = variant === 'error';
  return (
    <SnackbarContent ref={ref}>
      <Alert
        severity={isError ? 'error' : 'success'}
        variant="filled"
        role={isError ? 'alert' : 'status'}
        onClose={() => closeSnackbar(id)}
        slotProps={{ closeButton: { title: t('common.close') } }}
        sx={{ width: '100%', minWidth: 300, maxWidth: 480, boxShadow: 6 }}
      >
        <AlertTitle>{isError ? t('notices.errorTitle') : t('notices.successTitle')}</AlertTitle>
        {message}
      </Alert>
    </SnackbarContent>
  );
});
