import { formatDateTime, formatNumber } from '@cimiento/domain';
import type { ChangeLogEntry } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { groupChanges } from '../utils/change-log';

export type ChangeLogEntryDialogProps = { entry: ChangeLogEntry; onClose: () => void };

/**
 * One entry of the 'Registro de cambios' opened: the record, the line, who and when (Santiago time),
 * then each field before → after (grouped by the part of the record it belongs to: a sub-area, a
 * UF date), the notes, and how many more the entry did not list.
 */
export function ChangeLogEntryDialog({ entry, onClose }: ChangeLogEntryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shown = (value: string) => (value === '' ? t('changeLog.detail.none') : value);
  const groups = groupChanges(entry.detail.changes);
  const { notes, omitted } = entry.detail;
  const isEmpty = groups.length === 0 && notes.length === 0 && omitted === 0;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={isNarrow}
      maxWidth="md"
      scroll="paper"
    >
      <DialogTitle id={titleId}>{entry.record}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Chip size="small" label={t(`changeLog.areas.${entry.area}`)} />
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            {entry.summary}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('changeLog.detail.by', { user: entry.userName })} ·{' '}
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </Typography>
        {isEmpty && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
            {t('changeLog.detail.nothing')}
          </Typography>
        )}
        {groups.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Table
              size="small"
              aria-label={t('changeLog.detail.changes')}
              data-testid="change-log-changes"
              sx={{
                // fixed columns that wrap their text: the before and after fit a phone's width side by side
                tableLayout: 'fixed',
                '& td, & th': { px: { xs: 0.75, sm: 2 }, overflowWrap: 'anywhere' },
              }}
            >
              <colgroup>
                <col style={{ width: '26%' }} />
                <col style={{ width: '35%' }} />
                <col style={{ width: '4%' }} />
                <col style={{ width: '35%' }} />
              </colgroup>
              <TableHead>
                <TableRow>
                  <TableCell>{t('changeLog.detail.field')}</TableCell>
                  <TableCell>{t('changeLog.detail.before')}</TableCell>
                  <TableCell aria-hidden sx={{ '&&': { px: 0 } }} />
                  <TableCell>{t('changeLog.detail.after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map((group, groupIndex) => (
                  <Fragment key={groupIndex}>
                    {group.item !== undefined && (
                      <TableRow>
                        <TableCell colSpan={4} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>
                          {group.item}
                        </TableCell>
                      </TableRow>
                    )}
                    {group.changes.map((change, index) => (
                      <TableRow key={index}>
                        <TableCell>{change.field}</TableCell>
                        <TableCell sx={{ color: change.from === '' ? 'text.secondary' : undefined }}>
                          {shown(change.from)}
                        </TableCell>
                        <TableCell aria-hidden sx={{ '&&': { px: 0 }, color: 'text.secondary', textAlign: 'center' }}>
                          →
                        </TableCell>
                        <TableCell sx={{ color: change.to === '' ? 'text.secondary' : undefined }}>
                          {shown(change.to)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {notes.length > 0 && (
          <Box component="section" sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t('changeLog.detail.notes')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.25 } }}>
              {notes.map((note, index) => (
                <Typography key={index} component="li" variant="body2">
                  {note}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
        {omitted > 0 && (
          <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
            {t('changeLog.detail.more', { count: omitted, formatted: formatNumber(omitted) })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('changeLog.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
