import { formatIsoDate, formatMoney, formatNumber } from '@cimiento/domain';
import type { EstadoPago } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatEpPercent } from '../utils/estado-pago-format';

type Row = { key: string; label: string; value: string; isStrong?: boolean; note?: string };

/**
 * The EP's totals block: the contract, the progress to date, the period's amount less the
 * retention and the advance repaid, net, IVA and total; for a UF contract the same in pesos at
 * the UF value used.
 */
export function EstadoPagoTotals({ estadoPago }: { estadoPago: EstadoPago }) {
  const { t } = useTranslation();
  const { totals, currency, settings, uf } = estadoPago;
  const money = (amount: string) => formatMoney(amount, currency);
  const negative = (amount: string) => (amount === '0' ? money('0') : `−${money(amount)}`);
  const rows: Row[] = [
    { key: 'contract', label: t('estadoPago.totals.contractAmount'), value: money(totals.contractAmount) },
    {
      key: 'progress',
      label: t('estadoPago.totals.accumulatedProgress'),
      value: `${formatEpPercent(totals.accumulatedPercent)} · ${money(totals.accumulatedAmount)}`,
      // issue 33: the basis named, as on every screen that shows a progress figure
      note: t('progressBasis.amount'),
    },
    { key: 'previous', label: t('estadoPago.totals.previousAmount'), value: money(totals.previousAmount) },
    {
      key: 'period',
      label: t('estadoPago.totals.periodAmount'),
      value: money(totals.periodAmount),
      isStrong: true,
    },
    {
      key: 'retention',
      label: `${t('estadoPago.totals.retention')} ${formatNumber(settings.retentionPercent, 2)} %`,
      value: negative(totals.retentionPeriod),
      ...(totals.retentionCapped ? { note: t('estadoPago.totals.retentionCapped') } : {}),
    },
    {
      key: 'advance',
      label: t('estadoPago.totals.advanceRepayment'),
      value: negative(totals.advanceRepaymentPeriod),
    },
    { key: 'net', label: t('estadoPago.totals.net'), value: money(totals.net), isStrong: true },
    {
      key: 'vat',
      label: t('estadoPago.totals.vat', { percent: formatNumber(settings.vatPercent, 0) }),
      value: money(totals.vat),
    },
    { key: 'total', label: t('estadoPago.totals.total'), value: money(totals.total), isStrong: true },
  ];
  if (uf !== undefined) {
    rows.push(
      { key: 'netClp', label: `${t('estadoPago.totals.netClp')} (CLP)`, value: formatMoney(uf.netClp, 'CLP') },
      { key: 'vatClp', label: `${t('estadoPago.totals.vatClp')} (CLP)`, value: formatMoney(uf.vatClp, 'CLP') },
      {
        key: 'totalClp',
        label: `${t('estadoPago.totals.totalClp')} (CLP)`,
        value: formatMoney(uf.totalClp, 'CLP'),
        isStrong: true,
      },
    );
  }
  return (
    <Box data-testid="estado-pago-totals" sx={{ maxWidth: 520, ml: { md: 'auto' } }}>
      <Table size="small" aria-label={t('estadoPago.totals.label')}>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-total={row.key}>
              <TableCell component="th" scope="row" sx={{ fontWeight: row.isStrong ? 700 : 400 }}>
                {row.label}
                {row.note && (
                  <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 1 }}>
                    ({row.note})
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: row.isStrong ? 700 : 400, whiteSpace: 'nowrap' }}>
                {row.value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {uf !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'right' }}>
          {t('estadoPago.detail.ufUsed', { date: formatIsoDate(uf.date), value: `$${formatNumber(uf.value, 2)}` })}
        </Typography>
      )}
    </Box>
  );
}
