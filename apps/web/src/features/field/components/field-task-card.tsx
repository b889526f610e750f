import { formatDecimal, formatIsoDate } from '@cimiento/domain';
import type { LastPlannerTask, StoredCommitment, TaskPhoto } from '@cimiento/domain/last-planner';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueuedEntry, QueuedProgress } from '../utils/field-queue';
import { newClientId } from '../utils/field-queue';
import { parseEntryNumber, progressFromQuantity } from '../utils/field-tasks';
import { photoDataUrl } from '../utils/photo';

/** One task of the field screen: its identity, progress, the week's commitment and its photos. */
export function FieldTaskCard({
  projectId,
  task,
  today,
  commitment,
  causes,
  canClose,
  queued,
  photos,
  onRecord,
}: {
  projectId: string;
  task: LastPlannerTask;
  today: string;
  commitment: StoredCommitment | undefined;
  causes: readonly string[];
  canClose: boolean;
  queued: QueuedEntry[];
  photos: TaskPhoto[];
  onRecord: (entry: QueuedEntry) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'percent' | 'quantity'>('percent');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cause, setCause] = useState('');
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const queuedProgress = queued.find((entry): entry is QueuedProgress => entry.kind === 'progress');
  const queuedPhotos = queued.filter((entry) => entry.kind === 'photo');
  const queuedClose = queued.find((entry) => entry.kind === 'close');
  const hasQuantity = task.quantity !== null && task.quantity > 0;
  const identity = [...task.area, `${task.code} ${task.name}`];
  const labelId = `field-task-${task.id}`;

  function submit() {
    const value = parseEntryNumber(typed);
    if (value === undefined) {
      setError(mode === 'percent' ? t('field.card.typePercent') : t('field.card.typeQuantity'));
      return;
    }
    const progress = mode === 'percent' ? value : progressFromQuantity(value, task.quantity ?? 0);
    if (!(progress >= 0 && progress <= 100)) {
      setError(
        mode === 'percent'
          ? t('field.card.percentRange')
          : t('field.card.quantityRange', { max: formatDecimal(task.quantity ?? 0), unit: task.unit ?? '' }).trim(),
      );
      return;
    }
    setError(null);
    const base = queuedProgress?.base ?? {
      progress: task.progress,
      actualStart: task.actualStart,
      actualFinish: task.actualFinish,
    };
    const entry: QueuedProgress = {
      kind: 'progress',
      // one value per task waits: a second one replaces the first and keeps what the phone saw first
      clientId: `${projectId}|progress|${task.id}`,
      projectId,
      taskId: task.id,
      taskCode: task.code,
      taskName: task.name,
      recordedAt: new Date().toISOString(),
      status: 'pending',
      day: today,
      progress,
      actualStart: task.actualStart ?? today,
      actualFinish: progress >= 100 ? (task.actualFinish ?? today) : null,
      base,
    };
    setTyped('');
    void onRecord(entry);
  }

  async function addPhoto(file: File | undefined) {
    if (file === undefined) return;
    setPhotoError(null);
    try {
      const dataUrl = await photoDataUrl(file);
      await onRecord({
        kind: 'photo',
        clientId: newClientId(),
        projectId,
        taskId: task.id,
        taskCode: task.code,
        taskName: task.name,
        recordedAt: new Date().toISOString(),
        status: 'pending',
        dataUrl,
        caption: '',
      });
    } catch (caught) {
      setPhotoError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      if (fileInput.current !== null) fileInput.current.value = '';
    }
  }

  function close(outcome: 'cumplido' | 'no-cumplido') {
    if (commitment === undefined) return;
    if (outcome === 'no-cumplido' && cause === '') {
      setError(t('field.card.causeRequired'));
      return;
    }
    setError(null);
    void onRecord({
      kind: 'close',
      clientId: `${projectId}|close|${commitment.id}`,
      projectId,
      taskId: task.id,
      taskCode: task.code,
      taskName: task.name,
      recordedAt: new Date().toISOString(),
      status: 'pending',
      commitmentId: commitment.id,
      version: commitment.version,
      outcome,
      cause: outcome === 'no-cumplido' ? cause : null,
    });
  }

  const shownProgress = queuedProgress?.progress ?? task.progress;
  return (
    <Card component="article" aria-labelledby={labelId} data-testid="field-task" data-task-id={task.id}>
      <CardContent>
        {/* the task's whole identity, always first: tower / floor / component / activity */}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {task.area.join(' › ')}
        </Typography>
        <Typography variant="subtitle1" component="h2" id={labelId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {task.code} {task.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatIsoDate(task.start)} – {formatIsoDate(task.end)}
          {task.underWay ? ` · ${t('field.card.underWay')}` : ''}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, my: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.max(0, Math.min(100, shownProgress))}
            sx={{ flex: 1, height: 10, borderRadius: 5 }}
            aria-label={t('field.card.progressOf', { task: identity.join(' › ') })}
          />
          <Typography sx={{ minWidth: 64, textAlign: 'right', fontWeight: 600 }} data-testid="field-progress">
            {formatDecimal(shownProgress)} %
          </Typography>
        </Stack>
        {queuedProgress !== undefined && (
          <Chip
            size="small"
            color="info"
            label={t('field.card.queuedProgress', { progress: formatDecimal(queuedProgress.progress) })}
            sx={{ mb: 1 }}
          />
        )}
        {!task.ready && (
          <Typography variant="body2" color="warning.main" sx={{ mb: 1 }}>
            {t('field.card.notReady', { count: task.openConstraints })}
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {hasQuantity && (
            <TextField
              select
              label={t('field.card.recordAs')}
              value={mode}
              onChange={(event) => setMode(event.target.value as 'percent' | 'quantity')}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="percent">{t('field.card.percentMode')}</MenuItem>
              <MenuItem value="quantity">{t('field.card.quantityMode', { unit: task.unit })}</MenuItem>
            </TextField>
          )}
          <TextField
            label={
              mode === 'percent'
                ? t('field.card.percentLabel')
                : t('field.card.quantityLabel', { unit: task.unit ?? '' })
            }
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': labelId } }}
            sx={{ flex: 1, minWidth: 140 }}
          />
          <Button variant="contained" onClick={submit} sx={{ minHeight: 56 }}>
            {t('field.card.record')}
          </Button>
        </Stack>
        {commitment !== undefined && (
          <Box sx={{ mt: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="field-commitment">
            <Typography variant="body2">
              {t('field.card.commitment')} <strong>{commitment.amountText}</strong>
              {' · '}
              {queuedClose !== undefined && queuedClose.kind === 'close'
                ? t('field.card.queuedOutcome', {
                    outcome:
                      queuedClose.outcome === 'cumplido'
                        ? t('field.card.done')
                        : t('field.card.notDoneCause', { cause: queuedClose.cause ?? '' }),
                  })
                : commitment.outcome === null
                  ? t('field.card.open')
                  : commitment.outcome === 'cumplido'
                    ? t('field.card.done')
                    : t('field.card.notDoneCause', { cause: commitment.cause ?? '' })}
            </Typography>
            {canClose && commitment.outcome === null && queuedClose === undefined && commitment.week <= today && (
              <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
                <Button variant="outlined" color="success" onClick={() => close('cumplido')} sx={{ minHeight: 48 }}>
                  {t('field.card.done')}
                </Button>
                <TextField
                  select
                  label={t('field.card.cause')}
                  value={cause}
                  onChange={(event) => setCause(event.target.value)}
                  sx={{ minWidth: 200, flex: 1 }}
                >
                  {causes.map((item) => (
                    <MenuItem key={item} value={item}>
                      {item}
                    </MenuItem>
                  ))}
                </TextField>
                <Button variant="outlined" color="warning" onClick={() => close('no-cumplido')} sx={{ minHeight: 48 }}>
                  {t('field.card.notDone')}
                </Button>
              </Stack>
            )}
          </Box>
        )}
        <Stack direction="row" sx={{ gap: 1, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="text"
            startIcon={<PhotoCameraIcon />}
            onClick={() => fileInput.current?.click()}
            sx={{ minHeight: 48 }}
          >
            {t('field.card.photo')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            aria-label={t('field.card.photoInput', { task: `${task.code} ${task.name}` })}
            data-testid="field-photo-input"
            onChange={(event) => void addPhoto(event.target.files?.[0])}
          />
          {photos.map((photo) => (
            <Box
              key={photo.id}
              component="img"
              src={photo.url}
              alt={t('field.card.photoAlt', { code: task.code, date: formatIsoDate(photo.createdAt.slice(0, 10)) })}
              sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }}
              data-testid="field-photo"
            />
          ))}
          {queuedPhotos.map((entry) =>
            entry.kind === 'photo' ? (
              <Box
                key={entry.clientId}
                component="img"
                src={entry.dataUrl}
                alt={t('field.card.queuedPhotoAlt', { code: task.code })}
                sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, opacity: 0.7 }}
                data-testid="field-photo-queued"
              />
            ) : null,
          )}
        </Stack>
        {photoError !== null && (
          <Typography variant="body2" color="error" role="alert">
            {photoError}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
