import { formatDecimal } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const what =
    entry.kind === 'progress'
      ? t('field.problem.progress', { progress: formatDecimal(entry.progress) })
      : entry.kind === 'photo'
        ? t('field.card.photo')
        : entry.outcome === 'cumplido'
          ? t('field.card.done')
          : t('field.card.notDoneCause', { cause: entry.cause ?? '' });
  const server =
    entry.kind === 'progress' && entry.server !== undefined
      ? `${formatDecimal(entry.server.progress)} %`
      : entry.kind === 'close' && entry.status === 'conflict'
        ? entry.serverOutcome === 'cumplido'
          ? t('field.card.done')
          : entry.serverOutcome === 'no-cumplido'
            ? t('field.card.notDone')
            : t('field.card.open')
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
              {t('field.problem.keepMine')}
            </Button>
          )}
          <Button size="small" onClick={() => void removeEntry(entry.clientId).then(onChange)} sx={{ minHeight: 44 }}>
            {t('field.problem.discardMine')}
          </Button>
        </Stack>
      }
    >
      <AlertTitle>
        {t('field.problem.title', {
          kind: entry.status === 'conflict' ? t('field.problem.conflict') : t('field.problem.rejected'),
          code: entry.taskCode,
          name: entry.taskName,
        })}
      </AlertTitle>
      <Typography variant="body2">{entry.message}</Typography>
      <Typography variant="body2">
        {t('field.problem.mine')} <strong>{what}</strong>
        {server !== null && (
          <>
            {' · '}
            {t('field.problem.server')} <strong>{server}</strong>
          </>
        )}
      </Typography>
    </Alert>
  );
}
