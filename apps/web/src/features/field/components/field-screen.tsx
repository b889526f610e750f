import { formatIsoDate, santiagoToday } from '@cimiento/domain';
import { addDays, weekEnd, weekOf } from '@cimiento/domain/last-planner';
import type { LastPlannerTask, StoredCommitment, TaskPhoto } from '@cimiento/domain/last-planner';
import { roleAllows } from '@cimiento/domain/members';
import type { ProjectRole } from '@cimiento/domain/members';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { call, isFunctionError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import type { QueuedEntry, QueuedProgress, WeeklyPlan } from '../utils/field-queue';
import {
  cachedPlan,
  newClientId,
  queueEntry,
  queuedEntries,
  removeEntry,
  savePlan,
  updateEntry,
} from '../utils/field-queue';
import { keepMine, syncField } from '../utils/field-sync';
import { fieldTasks, parseEntryNumber, progressFromQuantity } from '../utils/field-tasks';
import { photoDataUrl } from '../utils/photo';

/** What the screen shows: the week's plan, the caller's role and company, the tasks' photos. */
type FieldData = {
  plan: WeeklyPlan;
  role: ProjectRole | null;
  companyId: string | null;
  photos: TaskPhoto[];
  /** the plan came from this phone's copy (no connection) */
  fromCache: boolean;
};

const CACHE_META_PREFIX = 'cimiento.field.';

function rememberMeta(projectId: string, meta: { role: ProjectRole | null; companyId: string | null }): void {
  try {
    localStorage.setItem(`${CACHE_META_PREFIX}${projectId}`, JSON.stringify(meta));
  } catch {
    // no storage: offline the screen reads as a member without a company
  }
}

function rememberedMeta(projectId: string): { role: ProjectRole | null; companyId: string | null } {
  try {
    const text = localStorage.getItem(`${CACHE_META_PREFIX}${projectId}`);
    if (text !== null) return JSON.parse(text) as { role: ProjectRole | null; companyId: string | null };
  } catch {
    // fall through
  }
  return { role: null, companyId: null };
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** The service worker that keeps the app for offline use: registered when the field screen first opens. */
function useOfflineApp(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.MODE === 'test') return;
    void import('virtual:pwa-register')
      .then(({ registerSW }) => registerSW({ immediate: true }))
      .catch(() => undefined);
  }, []);
}

/**
 * /projects/:id/terreno, 'Terreno' (issue 36): the field screen for a phone. The week's tasks (a
 * Subcontratista's: its company's), each with its whole identity, its progress and the week's
 * commitment; progress by % or quantity, a missed commitment's cause, photos. Everything is kept on
 * the phone first (IndexedDB) and sent when there is a connection; a conflict shows both values.
 */
export function FieldScreen() {
  const { id: projectId = '' } = useParams();
  const { user, isAdmin } = useSession();
  const online = useOnline();
  useOfflineApp();
  const today = santiagoToday();
  const [week, setWeek] = useState(() => weekOf(today));
  const [data, setData] = useState<FieldData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [queue, setQueue] = useState<QueuedEntry[]>([]);
  const [syncing, setSyncing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const refreshQueue = useCallback(async () => setQueue(await queuedEntries(projectId)), [projectId]);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const plan = await call('loadWeeklyPlan', { id: projectId, week });
      const members = await call('loadMembers', { id: projectId });
      const me = members.members.find((member) => member.userId === user?.id);
      const meta = { role: me?.role ?? null, companyId: me?.companyId ?? null };
      const taskIds = plan.candidates.map((task) => task.id);
      const photos = taskIds.length === 0 ? [] : (await call('loadTaskPhotos', { id: projectId, taskIds })).photos;
      await savePlan(projectId, plan);
      rememberMeta(projectId, meta);
      setData({ plan, ...meta, photos, fromCache: false });
    } catch (error) {
      const cached = await cachedPlan(projectId, week).catch(() => undefined);
      if (cached !== undefined) setData({ plan: cached, ...rememberedMeta(projectId), photos: [], fromCache: true });
      else setLoadError(isFunctionError(error) ? error.message : String(error));
    }
  }, [projectId, week, user?.id]);

  useEffect(() => {
    void load();
    void refreshQueue();
  }, [load, refreshQueue]);

  const sync = useCallback(async () => {
    if (syncing) return;
    setSyncing(true);
    try {
      const result = await syncField(projectId, {
        call: (name, input) => call(name as 'loadWeeklyPlan', input as { id: string }),
        entries: () => queuedEntries(projectId),
        update: updateEntry,
        remove: removeEntry,
        today: santiagoToday(),
      });
      await refreshQueue();
      if (result.offline) setNotice('Sin conexión: los registros siguen guardados en este teléfono');
      else if (result.sent > 0 || result.conflicts > 0 || result.errors > 0) {
        setNotice(
          [
            result.sent > 0 ? `${result.sent} ${result.sent === 1 ? 'registro enviado' : 'registros enviados'}` : '',
            result.conflicts > 0 ? `${result.conflicts} con conflicto` : '',
            result.errors > 0 ? `${result.errors} rechazados` : '',
          ]
            .filter(Boolean)
            .join(', '),
        );
        if (result.sent > 0) await load();
      }
    } finally {
      setSyncing(false);
    }
  }, [projectId, syncing, refreshQueue, load]);

  // back online: send what waits
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void sync();
    wasOnline.current = online;
  }, [online, sync]);

  const role = isAdmin ? 'planificador' : (data?.role ?? null);
  const canClose = role !== null && roleAllows(role, 'lastPlanner');
  const tasks = useMemo(
    () => (data === null ? [] : fieldTasks(data.plan, { role, companyId: data.companyId })),
    [data, role],
  );

  async function record(entry: QueuedEntry) {
    await queueEntry(entry);
    await refreshQueue();
    if (online) void sync();
  }

  const pending = queue.filter((entry) => entry.status === 'pending');
  const problems = queue.filter((entry) => entry.status !== 'pending');

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', pb: 8 }} data-testid="field-screen">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography variant="h5" component="h1">
          Terreno
        </Typography>
        <Chip
          icon={online ? <CloudDoneIcon /> : <CloudOffIcon />}
          color={online ? 'success' : 'warning'}
          variant="outlined"
          label={online ? 'En línea' : 'Sin conexión'}
          data-testid="field-connection"
        />
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, mb: 1 }}>
        <IconButton aria-label="Semana anterior" onClick={() => setWeek(addDays(week, -7))} size="large">
          <ChevronLeftIcon />
        </IconButton>
        <Typography sx={{ flex: 1, textAlign: 'center' }} data-testid="field-week">
          Semana del {formatIsoDate(week)} al {formatIsoDate(weekEnd(week))}
        </Typography>
        <IconButton aria-label="Semana siguiente" onClick={() => setWeek(addDays(week, 7))} size="large">
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="field-queue">
          {pending.length === 0
            ? 'Todo enviado'
            : `${pending.length} ${pending.length === 1 ? 'registro en cola' : 'registros en cola'} en este teléfono`}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<SyncIcon />}
          onClick={() => void sync()}
          disabled={!online || syncing || pending.length === 0}
          sx={{ minHeight: 48 }}
        >
          Sincronizar
        </Button>
      </Stack>
      {notice !== null && (
        <Alert severity="info" onClose={() => setNotice(null)} sx={{ mb: 2 }} data-testid="field-notice">
          {notice}
        </Alert>
      )}
      {data?.fromCache === true && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Sin conexión: se muestra la copia de esta semana guardada en el teléfono
        </Alert>
      )}
      {problems.map((entry) => (
        <ProblemCard
          key={entry.clientId}
          entry={entry}
          onChange={refreshQueue}
          onKeep={async (kept) => {
            await updateEntry(keepMine(kept));
            await refreshQueue();
            if (online) void sync();
          }}
        />
      ))}
      {loadError !== null && data === null && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      )}
      {data === null && loadError === null && <LinearProgress aria-label="Cargando las tareas de la semana" />}
      {data !== null && tasks.length === 0 && (
        <Alert severity="info">No hay tareas tuyas que empiecen o estén en curso esta semana</Alert>
      )}
      <Stack spacing={2}>
        {data !== null &&
          tasks.map((task) => (
            <FieldTaskCard
              key={task.id}
              projectId={projectId}
              task={task}
              today={today}
              commitment={data.plan.commitments.find((commitment) => commitment.taskId === task.id)}
              causes={data.plan.settings.causes}
              canClose={canClose}
              queued={queue.filter((entry) => entry.taskId === task.id)}
              photos={data.photos.filter((photo) => photo.taskId === task.id)}
              onRecord={record}
            />
          ))}
      </Stack>
    </Box>
  );
}

/** A conflict or a refusal: both values and what to do. */
function ProblemCard({
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

function FieldTaskCard({
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
      setError(mode === 'percent' ? 'Escribe un % entre 0 y 100' : 'Escribe la cantidad ejecutada a la fecha');
      return;
    }
    const progress = mode === 'percent' ? value : progressFromQuantity(value, task.quantity ?? 0);
    if (!(progress >= 0 && progress <= 100)) {
      setError(
        mode === 'percent'
          ? 'El avance debe estar entre 0 y 100 %'
          : `La cantidad debe estar entre 0 y ${task.quantity ?? 0} ${task.unit ?? ''}`.trim(),
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
      setError('Causa de no cumplimiento: es obligatoria cuando el compromiso no se cumplió');
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
          {task.underWay ? ' · en curso' : ''}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, my: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.max(0, Math.min(100, shownProgress))}
            sx={{ flex: 1, height: 10, borderRadius: 5 }}
            aria-label={`Avance de ${identity.join(' › ')}`}
          />
          <Typography sx={{ minWidth: 64, textAlign: 'right', fontWeight: 600 }} data-testid="field-progress">
            {String(shownProgress).replace('.', ',')} %
          </Typography>
        </Stack>
        {queuedProgress !== undefined && (
          <Chip
            size="small"
            color="info"
            label={`En cola: ${String(queuedProgress.progress).replace('.', ',')} %`}
            sx={{ mb: 1 }}
          />
        )}
        {!task.ready && (
          <Typography variant="body2" color="warning.main" sx={{ mb: 1 }}>
            No lista: {task.openConstraints}{' '}
            {task.openConstraints === 1 ? 'restricción abierta' : 'restricciones abiertas'}
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {hasQuantity && (
            <TextField
              select
              label="Registrar como"
              value={mode}
              onChange={(event) => setMode(event.target.value as 'percent' | 'quantity')}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="percent">% de avance</MenuItem>
              <MenuItem value="quantity">Cantidad ({task.unit})</MenuItem>
            </TextField>
          )}
          <TextField
            label={mode === 'percent' ? 'Avance (%)' : `Cantidad ejecutada a la fecha (${task.unit ?? ''})`}
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
            Registrar
          </Button>
        </Stack>
        {commitment !== undefined && (
          <Box sx={{ mt: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="field-commitment">
            <Typography variant="body2">
              Compromiso de la semana: <strong>{commitment.amountText}</strong>
              {' · '}
              {queuedClose !== undefined && queuedClose.kind === 'close'
                ? `En cola: ${queuedClose.outcome === 'cumplido' ? 'Cumplido' : `No cumplido (${queuedClose.cause ?? ''})`}`
                : commitment.outcome === null
                  ? 'Sin cerrar'
                  : commitment.outcome === 'cumplido'
                    ? 'Cumplido'
                    : `No cumplido (${commitment.cause ?? ''})`}
            </Typography>
            {canClose && commitment.outcome === null && queuedClose === undefined && commitment.week <= today && (
              <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
                <Button variant="outlined" color="success" onClick={() => close('cumplido')} sx={{ minHeight: 48 }}>
                  Cumplido
                </Button>
                <TextField
                  select
                  label="Causa de no cumplimiento"
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
                  No cumplido
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
            Foto
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            aria-label={`Foto de ${task.code} ${task.name}`}
            data-testid="field-photo-input"
            onChange={(event) => void addPhoto(event.target.files?.[0])}
          />
          {photos.map((photo) => (
            <Box
              key={photo.id}
              component="img"
              src={photo.url}
              alt={`Foto de ${task.code} del ${formatIsoDate(photo.createdAt.slice(0, 10))}`}
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
                alt={`Foto en cola de ${task.code}`}
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
