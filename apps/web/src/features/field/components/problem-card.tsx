import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueuedEntry } from '../utils/field-queue';
import { removeEntry } from '../utils/field-queue';

/** A conflict or a refusal: both values and what to do. */
export function ProblemCard({
  entry,
  onChange,
  onKeep,
}: {
  entry: QueuedEntry;
  onChange: () => Promise<void>;
  onKeep: (entry: QueuedEntry) => Promise<void>;
}) {
  const what =
    entry.kind === 'progress'
      ? `Avance ${entry.progress} %`
      : entry.kind === 'photo'
        ? 'Foto'
        : entry.outcome === 'cumplido'
          ? 'Cumplido'
          : `No cumplido (${entry.cause ?? ''})`;
  const server =
    entry.kind === 'progress' && entry.server !== undefined
      ? `${entry.server.progress} %`
      : entry.kind === 'close' && entry.status === 'conflict'
        ? entry.serverOutcome === 'cumplido'
          ? 'Cumplido'
          : entry.serverOutcome === 'no-cumplido'
            ? 'No cumplido'
            : 'Sin cerrar'
        : null;
  return (
    <Alert
      severity={entry.status === 'conflict' ? 'warning' : 'error'}
      sx={{ mb: 2 }}
      data-testid="field-problem"
      action={
        <Stack spacing={1}>
          {entry.status === 'conflict' && (
            <Button size="small" variant="contained" onClick={() => void onKeep(entry)} sx={{ minHeight: 44 }}>
              Grabar el mío
            </Button>
          )}
          <Button size="small" onClick={() => void removeEntry(entry.clientId).then(onChange)} sx={{ minHeight: 44 }}>
            Descartar el mío
          </Button>
        </Stack>
      }
    >
      <AlertTitle>
        {entry.status === 'conflict' ? 'Conflicto' : 'Rechazado'}: {entry.taskCode} «{entry.taskName}»
      </AlertTitle>
      <Typography variant="body2">{entry.message}</Typography>
      <Typography variant="body2">
        Tu registro: <strong>{what}</strong>
        {server !== null && (
          <>
            {' · '}En el servidor: <strong>{server}</strong>
          </>
        )}
      </Typography>
    </Alert>
  );
}
