import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export type StaleSaveAlertProps = {
  /** the server's ABORTED message; nothing is shown while it is null */
  message: string | null;
  reloadLabel: string;
  onReload: () => void;
};

/**
 * A save refused as stale (ABORTED, someone saved first): the server's message, and the button
 * that loads what is saved now. The screen keeps the user's edits until then.
 */
export function StaleSaveAlert({ message, reloadLabel, onReload }: StaleSaveAlertProps) {
  if (message === null) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={onReload}>
          {reloadLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
