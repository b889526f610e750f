import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmDialogProps = {
  isOpen: boolean;
  text: string;
  /** More to read under the text (such as a list of what goes). */
  details?: ReactNode;
  isBusy?: boolean;
  /** The confirm button's colour: red for deletions (the default), primary for a creation. */
  confirmColor?: 'error' | 'primary' | 'success';
  onConfirm: () => void;
  onCancel: () => void;
};

/** The spec's confirmation (§8): '¿Estás seguro?' with 'Si, estoy seguro' / 'Cancelar'; Escape cancels. */
export function ConfirmDialog({
  isOpen,
  text,
  details,
  isBusy = false,
  confirmColor = 'error',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={onCancel}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('catalogues.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {details}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" autoFocus>
          {t('catalogues.confirmNo')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color={confirmColor} loading={isBusy}>
          {t('catalogues.confirmYes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
