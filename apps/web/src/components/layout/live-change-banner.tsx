import { historyChangeVerb } from '@cimiento/domain';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectRouteId } from '@/hooks/use-project-route';
import { pendingChange, useLiveStore } from '@/lib/live/live-store';
import { forgetProjectQueries } from '@/lib/live/project-queries';
import { useRelativeTime } from '@/lib/live/use-relative-time';
import { keepAllDrafts, unsavedScreens, useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { useRouteHandle } from './use-route-handle';

/**
 * 'Carla Planificadora grabó el Gantt hace unos segundos' (issue 19): another user saved the
 * project open on screen (any project route). 'Recargar' draws the screen afresh with the project
 * loaded again. Unsaved edits are never dropped: the banner says they are there, and reloading
 * keeps them as this browser's draft, which the screen then offers back ('Recuperar cambios sin
 * grabar', on top of the new version). Changes heard before the project was opened are not shown:
 * the screen loads after them.
 */
export function LiveChangeBanner() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const isProjectRoute = useRouteHandle()?.isProjectRoute === true;
  const routeProjectId = useProjectRouteId();
  const projectId = isProjectRoute ? routeProjectId : null;
  const change = useLiveStore((state) => pendingChange(state, projectId));
  const markSeen = useLiveStore((state) => state.markSeen);
  const bumpReload = useLiveStore((state) => state.bumpReload);
  const works = useUnsavedWorkStore((state) => state.works);
  const relativeTime = useRelativeTime();

  // opening a project (or another one) loads it after what was heard so far
  useEffect(() => {
    if (projectId !== null) markSeen(projectId);
  }, [projectId, markSeen]);

  if (projectId === null || change === null) return null;
  const { entry } = change;
  const screens = unsavedScreens(works);

  function reload() {
    if (projectId === null) return;
    // the edits on screen become this browser's draft before the screen is drawn again
    keepAllDrafts();
    markSeen(projectId);
    forgetProjectQueries(queryClient, projectId);
    bumpReload();
  }

  return (
    <Alert
      severity={screens.length > 0 ? 'warning' : 'info'}
      variant="filled"
      data-testid="live-change-banner"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Button color="inherit" size="small" variant="outlined" onClick={reload}>
            {t('live.reload')}
          </Button>
          <IconButton color="inherit" size="small" aria-label={t('live.dismiss')} onClick={() => markSeen(projectId)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
    >
      <div>
        {t('live.changed', {
          user: entry.userName,
          // in Spanish the function's own verb ('importó el Gantt'); otherwise the area's
          verb: i18n.language.startsWith('es')
            ? historyChangeVerb(entry.functionName, entry.area)
            : t(`live.verbs.${entry.area}`),
          when: relativeTime(entry.at),
        })}
      </div>
      {screens.length > 0 && <div>{t('live.unsaved', { screens: screens.join(', ') })}</div>}
    </Alert>
  );
}
