import { formatIsoDate, santiagoToday } from '@cimiento/domain';
import { addDays, weekEnd, weekOf } from '@cimiento/domain/last-planner';
import type { TaskPhoto } from '@cimiento/domain/last-planner';
import { roleAllows } from '@cimiento/domain/members';
import type { ProjectRole } from '@cimiento/domain/members';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call, isFunctionError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { askField, takeEarlyField } from '../api/early-field';
import type { FieldAnswers } from '../api/early-field';
import type { QueuedEntry, WeeklyPlan } from '../utils/field-queue';
import { cachedPlan, queueEntry, queuedEntries, removeEntry, savePlan, updateEntry } from '../utils/field-queue';
import { keepMine, syncField } from '../utils/field-sync';
import { fieldTasks } from '../utils/field-tasks';
import { FieldTaskCard } from './field-task-card';
import { ProblemCard } from './problem-card';

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

/** The cards a phone's first screen shows: drawn first, the rest once they are on the screen. */
const FIRST_CARDS = 3;

/**
 * False until the page has painted once after `ready` (a frame, then a task): the screen draws its
 * first cards alone, so a slow phone shows the first task without waiting for all the week's cards.
 */
function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

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
  const { t } = useTranslation();
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
    let answers: FieldAnswers;
    try {
      // the boot's early answers when this is the first load of this week (early-field.ts), else both at once
      answers = (await takeEarlyField(projectId, week)) ?? (await askField(projectId, week));
    } catch (error) {
      const cached = await cachedPlan(projectId, week).catch(() => undefined);
      if (cached !== undefined) setData({ plan: cached, ...rememberedMeta(projectId), photos: [], fromCache: true });
      else setLoadError(isFunctionError(error) ? error.message : String(error));
      return;
    }
    const { plan } = answers;
    const me = answers.members.members.find((member) => member.userId === user?.id);
    const meta = { role: me?.role ?? null, companyId: me?.companyId ?? null };
    // the cards first; the phone's copy and the photos follow
    setData({ plan, ...meta, photos: [], fromCache: false });
    rememberMeta(projectId, meta);
    await savePlan(projectId, plan).catch(() => undefined);
    const taskIds = plan.candidates.map((task) => task.id);
    if (taskIds.length === 0) return;
    try {
      const { photos } = await call('loadTaskPhotos', { id: projectId, taskIds });
      setData((current) => (current?.plan === plan ? { ...current, photos } : current));
    } catch {
      // the photos wait for the next load (offline, or the server refused): the cards stay
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
      if (result.offline) setNotice(t('field.offlineKept'));
      else if (result.sent > 0 || result.conflicts > 0 || result.errors > 0) {
        setNotice(
          [
            result.sent > 0 ? t('field.sent', { count: result.sent }) : '',
            result.conflicts > 0 ? t('field.conflicts', { count: result.conflicts }) : '',
            result.errors > 0 ? t('field.rejected', { count: result.errors }) : '',
          ]
            .filter(Boolean)
            .join(', '),
        );
        if (result.sent > 0) await load();
      }
    } finally {
      setSyncing(false);
    }
  }, [projectId, syncing, refreshQueue, load, t]);

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

  const drawAll = usePaintedOnce(data !== null);
  const shownTasks = drawAll ? tasks : tasks.slice(0, FIRST_CARDS);
  const pending = queue.filter((entry) => entry.status === 'pending');
  const problems = queue.filter((entry) => entry.status !== 'pending');

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', pb: 8 }} data-testid="field-screen">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('field.title')}
        </Typography>
        <Chip
          icon={online ? <CloudDoneIcon /> : <CloudOffIcon />}
          color={online ? 'success' : 'warning'}
          variant="outlined"
          label={online ? t('field.online') : t('field.offline')}
          data-testid="field-connection"
        />
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, mb: 1 }}>
        <IconButton aria-label={t('field.previousWeek')} onClick={() => setWeek(addDays(week, -7))} size="large">
          <ChevronLeftIcon />
        </IconButton>
        <Typography sx={{ flex: 1, textAlign: 'center' }} data-testid="field-week">
          {t('field.week', { from: formatIsoDate(week), to: formatIsoDate(weekEnd(week)) })}
        </Typography>
        <IconButton aria-label={t('field.nextWeek')} onClick={() => setWeek(addDays(week, 7))} size="large">
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="field-queue">
          {pending.length === 0 ? t('field.allSent') : t('field.queued', { count: pending.length })}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<SyncIcon />}
          onClick={() => void sync()}
          disabled={!online || syncing || pending.length === 0}
          sx={{ minHeight: 48 }}
        >
          {t('field.sync')}
        </Button>
      </Stack>
      {notice !== null && (
        <Alert severity="info" onClose={() => setNotice(null)} sx={{ mb: 2 }} data-testid="field-notice">
          {notice}
        </Alert>
      )}
      {data?.fromCache === true && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('field.fromCache')}
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
      {data === null && loadError === null && <LinearProgress aria-label={t('field.loading')} />}
      {data !== null && tasks.length === 0 && <Alert severity="info">{t('field.noTasks')}</Alert>}
      <Stack spacing={2}>
        {data !== null &&
          shownTasks.map((task) => (
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
