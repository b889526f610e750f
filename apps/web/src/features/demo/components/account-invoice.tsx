import FoundationIcon from '@mui/icons-material/Foundation';
import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { VAT_RATE, invoiceLines, invoiceParties } from '../samples/sample-data';
import { formatClp, formatSampleDate } from '../utils/format';
import { DemoScreen } from './demo-screen';

/** '/pages/account/invoice': one sample invoice, printable. */
export function AccountInvoice({ title }: { title: string }) {
  const { t } = useTranslation();
  const subtotal = invoiceLines.reduce((sum, line) => sum + line.quantity * line.rate, 0);
  const taxes = Math.round(subtotal * VAT_RATE);

  return (
    <DemoScreen
      title={title}
      actions={
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('demo.invoice.print')}
        </Button>
      }
    >
      <Card sx={{ maxWidth: 960 }}>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <FoundationIcon color="success" aria-hidden />
                <Typography variant="h6" component="p">
                  {invoiceParties.from[0]}
                </Typography>
              </Stack>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('demo.invoice.from')}
              </Typography>
              {invoiceParties.from.slice(1).map((line) => (
                <Typography key={line} variant="body2">
                  {line}
                </Typography>
              ))}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ textAlign: { md: 'right' } }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('demo.invoice.billedTo')}
              </Typography>
              {invoiceParties.to.map((line) => (
                <Typography key={line} variant="body2">
                  {line}
                </Typography>
              ))}
            </Grid>
          </Grid>
          <Divider sx={{ my: 3 }} />
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="h5" component="h2">
                {t('demo.invoice.number', { number: invoiceParties.number })}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ textAlign: { md: 'right' } }}>
              <Typography variant="body2">
                {t('demo.invoice.issuedOn')}: {formatSampleDate(invoiceParties.issuedOn)}
              </Typography>
              <Typography variant="body2">
                {t('demo.invoice.dueOn')}: {formatSampleDate(invoiceParties.dueOn)}
              </Typography>
            </Grid>
          </Grid>
          <Table aria-label={t('demo.invoice.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('demo.invoice.item')}</TableCell>
                <TableCell align="right">{t('demo.invoice.quantity')}</TableCell>
                <TableCell align="right">{t('demo.invoice.rate')}</TableCell>
                <TableCell align="right">{t('demo.invoice.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoiceLines.map((line) => (
                <TableRow key={line.item}>
                  <TableCell>{line.item}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right">{formatClp(line.rate)}</TableCell>
                  <TableCell align="right">{formatClp(line.quantity * line.rate)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={3} align="right">
                  {t('demo.invoice.subtotal')}
                </TableCell>
                <TableCell align="right">{formatClp(subtotal)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={3} align="right">
                  {t('demo.invoice.taxes')}
                </TableCell>
                <TableCell align="right">{formatClp(taxes)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={3} align="right" sx={{ fontWeight: 700 }}>
                  {t('demo.invoice.total')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {formatClp(subtotal + taxes)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            {t('demo.invoice.thanks')}
          </Typography>
        </CardContent>
      </Card>
    </DemoScreen>
  );
}
