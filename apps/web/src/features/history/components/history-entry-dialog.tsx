import { formatDateTime } from '@cimiento/domain';
import type { HistoryDetail } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { useRelativeTime } from '@/lib/live/use-relative-time';
import { historyEntryQueryOptions } from '../api/history';
import { detailIsEmpty } from '../utils/history-detail';
import { AreaIcon } from './area-icon';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.25 } }}>
        {children}
      </Box>
    </Box>
  );
}

/** The lists of one save's detail; empty lists are left out, `omitted` closes with 'y N más'. */
export function HistoryDetailView({ detail }: { detail: HistoryDetail }) {
  const { t } = useTranslation();
  const shown = (value: string) => (value === '' ? t('history.detail.empty') : value);
  if (detailIsEmpty(detail)) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
        {t('history.detail.nothing')}
      </Typography>
    );
  }
  return (
    <>
      {detail.added.length > 0 && (
        <Section title={t('history.detail.added')}>
          {detail.added.map((item, index) => (
            <li key={`${item.code}-${index}`}>
              <strong>{item.code}</strong> {item.name}
            </li>
          ))}
        </Section>
      )}
      {detail.removed.length > 0 && (
        <Section title={t('history.detail.removed')}>
          {detail.removed.map((item, index) => (
            <li key={`${item.code}-${index}`}>
              <strong>{item.code}</strong> {item.name}
            </li>
          ))}
        </Section>
      )}
      {detail.renamed.length > 0 && (
        <Section title={t('history.detail.renamed')}>
          {detail.renamed.map((item, index) => (
            <li key={`${item.code}-${index}`}>
              <strong>{item.code}</strong>: {shown(item.from)} → {shown(item.to)}
            </li>
          ))}
        </Section>
      )}
      {detail.tasks.length > 0 && (
        <Section title={t('history.detail.tasks')}>
          {detail.tasks.map((task, index) => (
            <li key={`${task.code}-${index}`}>
              <strong>{task.code}</strong> {task.name}
              {task.changes.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {task.changes.map((change) => (
                    <li key={change.field}>
                      {t(`history.fields.${change.field}`)}: {shown(change.from)} → {shown(change.to)}
                    </li>
                  ))}
                </Box>
              )}
            </li>
          ))}
        </Section>
      )}
      {detail.notes.length > 0 && (
        <Section title={t('history.detail.notes')}>
          {detail.notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </Section>
      )}
      {detail.omitted > 0 && (
        <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
          {t('history.detail.more', { count: detail.omitted })}
        </Typography>
      )}
    </>
  );
}

/** One history entry opened from the timeline: who, when, the summary and loadHistoryEntry's detail. */
export function HistoryEntryDialog({
  projectId,
  entryId,
  onClose,
}: {
  projectId: string;
  entryId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const relativeTime = useRelativeTime();
  const query = useQuery(historyEntryQueryOptions(projectId, entryId));
  const entry = query.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>{t('history.detail.title')}</DialogTitle>
      <DialogContent dividers>
        {query.isPending && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden />
            <Typography variant="body2">{t('history.detail.loading')}</Typography>
          </Stack>
        )}
        {query.isError && <Alert severity="error">{describeError(query.error)}</Alert>}
        {entry && (
          <>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <AreaIcon area={entry.area} color="action" sx={{ mt: 0.25 }} aria-hidden />
              <div>
                <Typography variant="body1" sx={{ fontWeight: 600 }}>
                  {entry.summary}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('history.by', { user: entry.userName })} · {formatDateTime(entry.at)} · {relativeTime(entry.at)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('history.functionName', { name: entry.functionName })}
                </Typography>
              </div>
            </Stack>
            <HistoryDetailView detail={entry.detail} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('history.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
