import { formatDateTime, formatNumber } from '@cimiento/domain';
import type { ChangeLogEntry } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError } from '@/lib/api-client';
import { changeLogQueryOptions } from '../api/change-log';
import { areaFilters, areaOfFilter } from '../utils/change-log';
import type { AreaFilter } from '../utils/change-log';
import { ChangeLogEntryDialog } from './change-log-entry-dialog';

/** The columns on a wide screen: when, who, area, then the record and its line. */
const COLUMNS = { xs: '1fr', md: '136px minmax(120px, 200px) 120px minmax(0, 1fr)' };

function EntryRow({ entry, onOpen }: { entry: ChangeLogEntry; onOpen: () => void }) {
  const { t } = useTranslation();
  const at = formatDateTime(entry.at);
  const area = t(`changeLog.areas.${entry.area}`);
  const wideOnly = { display: { xs: 'none', md: 'block' } };
  return (
    <Box component="li" sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
      <ButtonBase
        onClick={onOpen}
        data-testid={`change-log-entry-${entry.id}`}
        sx={{
          display: 'grid',
          gridTemplateColumns: COLUMNS,
          columnGap: 2,
          rowGap: 0.5,
          alignItems: 'start',
          width: '100%',
          textAlign: 'left',
          px: 1.5,
          py: 1,
          borderRadius: 1,
          '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
        }}
      >
        <Typography variant="body2" sx={{ ...wideOnly, fontVariantNumeric: 'tabular-nums' }}>
          <time dateTime={entry.at}>{at}</time>
        </Typography>
        <Typography variant="body2" sx={{ ...wideOnly, overflowWrap: 'anywhere' }}>
          {entry.userName}
        </Typography>
        <Box sx={wideOnly}>
          <Chip size="small" label={area} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {entry.record}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {entry.summary}
          </Typography>
          {/* a narrow screen: who, when and the area under the record */}
          <Typography
            variant="caption"
            component="div"
            sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', mt: 0.25 }}
          >
            {area} · {entry.userName} · <time dateTime={entry.at}>{at}</time>
          </Typography>
        </Box>
      </ButtonBase>
    </Box>
  );
}

/**
 * /admin/registro-cambios, the 'Registro de cambios' (issue 30): every change to the catalogues, the
 * UF values and the project trash, newest first, with when (Santiago time), who, the area, the record
 * and what was done; filtered by area, 20 at a time ('Cargar más'). Opening one shows its fields
 * before → after. Every signed-in user reads it.
 */
export function ChangeLogScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AreaFilter>('all');
  const [opened, setOpened] = useState<ChangeLogEntry | null>(null);
  const query = useInfiniteQuery(changeLogQueryOptions(areaOfFilter(filter)));
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <PagePanel
      title={t('changeLog.title')}
      subtitle={t('changeLog.subtitle')}
      actions={
        <TextField
          select
          size="small"
          label={t('changeLog.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value as AreaFilter)}
          sx={{ minWidth: 180 }}
        >
          {areaFilters.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`changeLog.areas.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {query.isPending && <LinearProgress aria-label={t('changeLog.loading')} />}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('changeLog.retry')}
            </Button>
          }
        >
          {t('changeLog.loadFailed')}: {describeError(query.error)}
        </Alert>
      )}
      {query.isSuccess && entries.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 3 }} data-testid="change-log-empty">
          {filter === 'all' ? t('changeLog.empty') : t('changeLog.emptyArea')}
        </Typography>
      )}
      {entries.length > 0 && (
        <>
          <Box
            aria-hidden
            sx={{
              display: { xs: 'none', md: 'grid' },
              gridTemplateColumns: COLUMNS,
              columnGap: 2,
              px: 1.5,
              pb: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            {(['at', 'user', 'area', 'record'] as const).map((column) => (
              <Typography key={column} variant="subtitle2" sx={{ color: 'text.secondary' }}>
                {t(`changeLog.columns.${column}`)}
              </Typography>
            ))}
          </Box>
          <Box component="ol" aria-label={t('changeLog.title')} sx={{ m: 0, p: 0 }}>
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} onOpen={() => setOpened(entry)} />
            ))}
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1.5 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('changeLog.shown', { count: entries.length, formatted: formatNumber(entries.length) })}
            </Typography>
            {query.hasNextPage && (
              <Button size="small" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t('changeLog.loadMore')}
              </Button>
            )}
          </Stack>
        </>
      )}
      {opened && <ChangeLogEntryDialog entry={opened} onClose={() => setOpened(null)} />}
    </PagePanel>
  );
}
