import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type GanttUnsavedDialogProps = {
  isOpen: boolean;
  text: string;
  /** the choice that keeps the edits (save first) */
  saveLabel: string;
  /** the other way on ('Exportar igual', 'Descartar cambios') */
  otherLabel: string;
  /** the other way loses the edits: it is shown in red */
  isOtherDestructive?: boolean;
  onSave: () => void;
  onOther: () => void;
  onCancel: () => void;
};

/**
 * The question before an export or an import while the Gantt has unsaved edits (issue 14): they
 * work on the saved Gantt, so the user saves first, goes on another way, or cancels (Escape).
 */
export function GanttUnsavedDialog(props: GanttUnsavedDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={props.isOpen}
      onClose={props.onCancel}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('gantt.unsaved')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={props.onCancel} color="inherit" autoFocus>
          {t('gantt.cancel')}
        </Button>
        <Button onClick={props.onOther} color={props.isOtherDestructive ? 'error' : 'primary'} variant="outlined">
          {props.otherLabel}
        </Button>
        <Button onClick={props.onSave} color="success" variant="contained">
          {props.saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
