import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIPPING_COST, VAT_RATE, orderCustomer, orderLines, sampleOrders } from '../samples/sample-data';
import { formatClp, formatSampleDate } from '../utils/format';
import { DemoScreen } from './demo-screen';
import { OrderStatusChip } from './order-status-chip';

const steps = ['ordered', 'paid', 'shipped', 'delivered'] as const;

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The summary's lines: subtotal, shipping, VAT, total. */
export function orderTotals(lines: { quantity: number; unitPrice: number }[]) {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const taxes = Math.round(subtotal * VAT_RATE);
  return { subtotal, shipping: SHIPPING_COST, taxes, total: subtotal + SHIPPING_COST + taxes };
}

/** '/ecommerce/Orders/order-details': one sample order. */
export function OrderDetails({ title }: { title: string }) {
  const { t } = useTranslation();
  const order = sampleOrders[0]!;
  const totals = orderTotals(orderLines);

  return (
    <DemoScreen title={title}>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
          >
            <div>
              <Typography variant="h6" component="h2">
                {t('demo.order.number', { number: order.number })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('demo.order.placedOn', { date: formatSampleDate(order.date) })}
              </Typography>
            </div>
            <OrderStatusChip status={order.status} />
          </Stack>
          <Stepper activeStep={2} alternativeLabel>
            {steps.map((step) => (
              <Step key={step}>
                <StepLabel>{t(`demo.order.steps.${step}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        </CardContent>
      </Card>
      <Grid container spacing={3} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <InfoCard title={t('demo.order.customer')}>
            <Typography variant="body2">{orderCustomer.name}</Typography>
            <Typography variant="body2">{orderCustomer.email}</Typography>
            <Typography variant="body2">{orderCustomer.phone}</Typography>
          </InfoCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <InfoCard title={t('demo.order.shipping')}>
            {orderCustomer.address.map((line) => (
              <Typography key={line} variant="body2">
                {line}
              </Typography>
            ))}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('demo.order.tracking')}: {orderCustomer.tracking}
            </Typography>
          </InfoCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <InfoCard title={t('demo.order.payment')}>
            <Typography variant="body2">{orderCustomer.payment}</Typography>
          </InfoCard>
        </Grid>
      </Grid>
      <Card>
        <CardContent>
          <Table aria-label={t('demo.order.summary')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('demo.order.product')}</TableCell>
                <TableCell align="right">{t('demo.order.quantity')}</TableCell>
                <TableCell align="right">{t('demo.order.unitPrice')}</TableCell>
                <TableCell align="right">{t('demo.order.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orderLines.map((line) => (
                <TableRow key={line.product}>
                  <TableCell>{line.product}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right">{formatClp(line.unitPrice)}</TableCell>
                  <TableCell align="right">{formatClp(line.quantity * line.unitPrice)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Divider sx={{ my: 2 }} />
          <Stack spacing={0.5} sx={{ ml: 'auto', maxWidth: 320 }}>
            {(
              [
                ['subtotal', totals.subtotal],
                ['shippingCost', totals.shipping],
                ['taxes', totals.taxes],
              ] as const
            ).map(([key, amount]) => (
              <Stack key={key} direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2">{t(`demo.order.${key}`)}</Typography>
                <Typography variant="body2">{formatClp(amount)}</Typography>
              </Stack>
            ))}
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t('demo.order.total')}
              </Typography>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {formatClp(totals.total)}
              </Typography>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </DemoScreen>
  );
}
