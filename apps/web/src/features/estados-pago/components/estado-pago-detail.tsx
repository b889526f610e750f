import { formatDateTime, formatIsoDate, formatNumber } from '@cimiento/domain';
import type { EstadoPago } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDecimalAsIs, formatEpAmount, formatEpPercent } from '../utils/estado-pago-format';
import { EstadoPagoTotals } from './estado-pago-totals';

/** Past this many partidas only the rows in view (and some around them) are drawn. */
const WINDOW_FROM = 300;
const ROW_HEIGHT = 33;
const TABLE_HEIGHT = 520;
const OVERSCAN = 30;

/** The rows to draw of `count`, given the scroll position: all of them for a short EP. */
function visibleRange(count: number, scrollTop: number): { start: number; end: number } {
  if (count <= WINDOW_FROM) return { start: 0, end: count };
  const start = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(count, start + Math.ceil(TABLE_HEIGHT / ROW_HEIGHT) + 2 * OVERSCAN);
  return { start, end };
}

export type EstadoPagoDetailProps = {
  projectName: string;
  estadoPago: EstadoPago;
  isBusy: boolean;
  /** Issue 36: the caller's role may change the plan (recalculate, approve, delete a draft). */
  canChange?: boolean;
  onRecalculate: (cutoff: string) => void;
  onApprove: (number: number) => void;
  onRemove: (number: number) => void;
  onExport: (number: number, format: 'xlsx' | 'pdf') => void;
};

/**
 * One EP as a Chilean EP reads: the header (project, contract, contractor, period, N°, UF used),
 * the partidas with their budget and previous / period / accumulated progress and amounts, and the
 * totals block. A draft can be recalculated, approved (confirmed: it freezes) or deleted.
 */
export function EstadoPagoDetail({
  projectName,
  canChange = true,
  estadoPago: ep,
  isBusy,
  onRecalculate,
  onApprove,
  onRemove,
  onExport,
}: EstadoPagoDetailProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<'approve' | 'remove' | undefined>();
  const [scrollTop, setScrollTop] = useState(0);
  const isWindowed = ep.lines.length > WINDOW_FROM;
  const { start, end } = visibleRange(ep.lines.length, scrollTop);
  const isDraft = ep.status === 'draft';
  const amount = (value: string) => formatEpAmount(value, ep.currency);
  const header = [
    { key: 'project', term: t('estadoPago.detail.project'), value: projectName },
    { key: 'contract', term: t('estadoPago.detail.contract'), value: ep.settings.contract || '—' },
    { key: 'contractor', term: t('estadoPago.detail.contractor'), value: ep.settings.contractor || '—' },
    {
      key: 'period',
      term: t('estadoPago.detail.period'),
      value: t('estadoPago.periodRange', { start: formatIsoDate(ep.periodStart), end: formatIsoDate(ep.periodEnd) }),
    },
    { key: 'number', term: t('estadoPago.detail.number'), value: String(ep.number) },
    { key: 'cutoff', term: t('estadoPago.detail.cutoff'), value: formatIsoDate(ep.cutoff) },
    ...(ep.uf === undefined
      ? []
      : [
          {
            key: 'uf',
            term: 'UF',
            value: t('estadoPago.detail.ufUsed', {
              date: formatIsoDate(ep.uf.date),
              value: `$${formatNumber(ep.uf.value, 2)}`,
            }),
          },
        ]),
  ];
  const columns = [
    { key: 'code', label: t('estadoPago.columns.code'), width: 110 },
    { key: 'name', label: t('estadoPago.columns.name'), width: 'auto' },
    { key: 'unit', label: t('estadoPago.columns.unit'), width: 70 },
    { key: 'quantity', label: t('estadoPago.columns.quantity'), isNumber: true, width: 90 },
    { key: 'unitPrice', label: t('estadoPago.columns.unitPrice'), isNumber: true, width: 100 },
    { key: 'budget', label: t('estadoPago.columns.budget'), isNumber: true, width: 120 },
    { key: 'previousPercent', label: t('estadoPago.columns.previousPercent'), isNumber: true, width: 90 },
    { key: 'periodPercent', label: t('estadoPago.columns.periodPercent'), isNumber: true, width: 90 },
    { key: 'accumulatedPercent', label: t('estadoPago.columns.accumulatedPercent'), isNumber: true, width: 90 },
    { key: 'previousAmount', label: t('estadoPago.columns.previousAmount'), isNumber: true, width: 120 },
    { key: 'periodAmount', label: t('estadoPago.columns.periodAmountShort'), isNumber: true, width: 120 },
    { key: 'accumulatedAmount', label: t('estadoPago.columns.accumulatedAmount'), isNumber: true, width: 120 },
  ];

  return (
    <Box component="section" aria-labelledby="estado-pago-title" sx={{ mt: 3 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, flexWrap: 'wrap', mb: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id="estado-pago-title" variant="h6" component="h2">
            {t('estadoPago.detail.title', { number: ep.number })}
          </Typography>
          <Chip
            size="small"
            color={isDraft ? 'warning' : 'success'}
            label={t(isDraft ? 'estadoPago.status.draft' : 'estadoPago.status.approved')}
          />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {isDraft && canChange && (
            <>
              <Button variant="outlined" disabled={isBusy} onClick={() => onRecalculate(ep.cutoff)}>
                {t('estadoPago.detail.recalculate')}
              </Button>
              <Button variant="contained" color="success" disabled={isBusy} onClick={() => setConfirming('approve')}>
                {t('estadoPago.detail.approve')}
              </Button>
              <Button variant="outlined" color="error" disabled={isBusy} onClick={() => setConfirming('remove')}>
                {t('estadoPago.detail.remove')}
              </Button>
            </>
          )}
          <Button variant="outlined" disabled={isBusy} onClick={() => onExport(ep.number, 'xlsx')}>
            {t('estadoPago.detail.downloadExcel')}
          </Button>
          <Button variant="outlined" disabled={isBusy} onClick={() => onExport(ep.number, 'pdf')}>
            {t('estadoPago.detail.downloadPdf')}
          </Button>
        </Stack>
      </Stack>

      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'max-content 1fr', md: 'repeat(2, max-content 1fr)' },
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dt': { fontWeight: 600, color: 'text.secondary' },
          '& dd': { m: 0 },
        }}
      >
        {header.map((entry) => (
          <Box key={entry.key} sx={{ display: 'contents' }}>
            <dt>{entry.term}</dt>
            <dd data-header={entry.key}>{entry.value}</dd>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('estadoPago.detail.createdBy', { name: ep.createdBy, date: formatDateTime(ep.createdAt) })}
        {ep.approvedAt !== undefined &&
          ` · ${t('estadoPago.detail.approvedBy', { name: ep.approvedBy ?? '', date: formatDateTime(ep.approvedAt) })}`}
      </Typography>
      {isDraft && (
        <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
          {t('estadoPago.detail.draftNote')}
        </Alert>
      )}

      <TableContainer
        onScroll={
          isWindowed ? (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop) : undefined
        }
        sx={{
          mt: 2,
          maxHeight: TABLE_HEIGHT,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          // twelve columns: tight cells, figures on one line
          '& th, & td': { px: 1 },
          '& td[class*="alignRight"]': { whiteSpace: 'nowrap' },
          // a long EP draws only the rows in view: one line each, columns that do not move
          ...(isWindowed && {
            '& table': { tableLayout: 'fixed', minWidth: 1280 },
            '& tbody td': {
              height: ROW_HEIGHT,
              py: 0,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            },
          }),
        }}
      >
        <Table size="small" stickyHeader aria-label={t('estadoPago.detail.linesLabel', { number: ep.number })}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.isNumber ? 'right' : 'left'}
                  sx={{ fontWeight: 600, ...(isWindowed && { width: column.width }) }}
                >
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {ep.lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('estadoPago.detail.noLines')}</TableCell>
              </TableRow>
            )}
            {start > 0 && <TableRow aria-hidden sx={{ height: start * ROW_HEIGHT }} />}
            {ep.lines.slice(start, end).map((line) => (
              <TableRow key={line.edpItemId} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.code}</TableCell>
                <TableCell sx={{ pl: `${8 + 8 * Math.min(line.level - 1, 8)}px !important`, minWidth: 160 }}>
                  {line.name}
                </TableCell>
                <TableCell>{line.unit ?? ''}</TableCell>
                <TableCell align="right">
                  {line.quantity === undefined ? '' : formatDecimalAsIs(line.quantity)}
                </TableCell>
                <TableCell align="right">
                  {line.unitPrice === undefined ? '' : formatDecimalAsIs(line.unitPrice)}
                </TableCell>
                <TableCell align="right">{amount(line.budget)}</TableCell>
                <TableCell align="right">{formatEpPercent(line.previousPercent)}</TableCell>
                <TableCell align="right">{formatEpPercent(line.periodPercent)}</TableCell>
                <TableCell align="right">{formatEpPercent(line.accumulatedPercent)}</TableCell>
                <TableCell align="right">{amount(line.previousAmount)}</TableCell>
                <TableCell align="right">{amount(line.periodAmount)}</TableCell>
                <TableCell align="right">{amount(line.accumulatedAmount)}</TableCell>
              </TableRow>
            ))}
            {end < ep.lines.length && <TableRow aria-hidden sx={{ height: (ep.lines.length - end) * ROW_HEIGHT }} />}
          </TableBody>
        </Table>
      </TableContainer>

      <Box sx={{ mt: 2 }}>
        <EstadoPagoTotals estadoPago={ep} />
      </Box>

      <ConfirmDialog
        isOpen={confirming === 'approve'}
        text={t('estadoPago.confirmApprove', { number: ep.number })}
        confirmColor="success"
        isBusy={isBusy}
        onConfirm={() => {
          setConfirming(undefined);
          onApprove(ep.number);
        }}
        onCancel={() => setConfirming(undefined)}
      />
      <ConfirmDialog
        isOpen={confirming === 'remove'}
        text={t('estadoPago.confirmRemove', { number: ep.number, cutoff: formatIsoDate(ep.cutoff) })}
        isBusy={isBusy}
        onConfirm={() => {
          setConfirming(undefined);
          onRemove(ep.number);
        }}
        onCancel={() => setConfirming(undefined)}
      />
    </Box>
  );
}
