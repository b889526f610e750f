import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type FormDialogProps = {
  title: string;
  maxWidth?: 'sm' | 'md' | 'lg';
  /** Escape, the backdrop and the close icon. */
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The buttons under the content ('Cerrar' or 'Cancelar', then 'Grabar' as the form's submit). */
  actions: ReactNode;
  children?: ReactNode;
};

/**
 * The shell of a modal form (the catalogue records, 'Editar proyecto'): the title with a close icon,
 * the fields, the buttons. On a phone it takes the whole screen; the content scrolls between the
 * title and the buttons, which stay in view.
 */
export function FormDialog({ title, maxWidth = 'sm', onClose, onSubmit, actions, children }: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth fullScreen={isNarrow}>
      {/* a column as tall as the dialog allows: the content scrolls, the title and the buttons stay in view */}
      <Box
        component="form"
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
        onSubmit={onSubmit}
      >
        <DialogTitle id={titleId} sx={{ pr: 7 }}>
          {title}
        </DialogTitle>
        <IconButton
          aria-label={t('catalogues.closeWindow')}
          title={t('catalogues.closeWindow')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>{actions}</DialogActions>
      </Box>
    </Dialog>
  );
}
