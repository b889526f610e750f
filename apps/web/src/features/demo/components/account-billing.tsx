import AddIcon from '@mui/icons-material/Add';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ReceiptIcon from '@mui/icons-material/Receipt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { billingAccounts, sampleCards, sampleInvoices, sampleTransactions } from '../samples/sample-data';
import { formatClp, formatSampleDate } from '../utils/format';
import { DemoScreen } from './demo-screen';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** '/pages/account/billing': sample cards, invoices, billing accounts and transactions. */
export function AccountBilling({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <DemoScreen title={title}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Section
            title={t('demo.billing.paymentMethods')}
            action={
              <Button variant="outlined" size="small" startIcon={<AddIcon />}>
                {t('demo.billing.addCard')}
              </Button>
            }
          >
            <Grid container spacing={2}>
              {sampleCards.map((card, index) => (
                <Grid key={card.last4} size={{ xs: 12, md: 6 }}>
                  <Box
                    sx={{
                      p: 2.5,
                      borderRadius: 3,
                      color: '#ffffff',
                      background:
                        index === 0
                          ? 'linear-gradient(195deg, #42424a, #191919)'
                          : 'linear-gradient(195deg, #1a73e8, #0d47a1)',
                    }}
                  >
                    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                      <CreditCardIcon aria-hidden />
                      <Typography variant="subtitle2" component="span">
                        {card.brand}
                      </Typography>
                    </Stack>
                    <Typography variant="h6" component="p" sx={{ my: 2, letterSpacing: 3 }}>
                      •••• •••• •••• {card.last4}
                    </Typography>
                    <Stack direction="row" spacing={4}>
                      <div>
                        <Typography variant="caption" component="p">
                          {t('demo.billing.cardHolder')}
                        </Typography>
                        <Typography variant="body2">{card.holder}</Typography>
                      </div>
                      <div>
                        <Typography variant="caption" component="p">
                          {t('demo.billing.expires')}
                        </Typography>
                        <Typography variant="body2">{card.expires}</Typography>
                      </div>
                    </Stack>
                  </Box>
                </Grid>
              ))}
            </Grid>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Section title={t('demo.billing.invoices')}>
            <List dense disablePadding>
              {sampleInvoices.map((invoice) => (
                <ListItem
                  key={invoice.number}
                  disableGutters
                  secondaryAction={
                    <Button component={RouterLink} to="/pages/account/invoice" size="small" startIcon={<ReceiptIcon />}>
                      {invoice.number}
                    </Button>
                  }
                >
                  <ListItemText
                    primary={formatSampleDate(invoice.date)}
                    secondary={formatClp(invoice.amount)}
                    slotProps={{ secondary: { color: 'text.secondary' } }}
                  />
                </ListItem>
              ))}
            </List>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Section title={t('demo.billing.billingInfo')}>
            <Stack spacing={2}>
              {billingAccounts.map((account) => (
                <Box key={account.rut} sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
                  >
                    <div>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                        {account.company}
                      </Typography>
                      <Typography variant="body2">
                        {t('demo.billing.email')}: {account.email}
                      </Typography>
                      <Typography variant="body2">
                        {t('demo.billing.rut')}: {account.rut}
                      </Typography>
                    </div>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" color="error" startIcon={<DeleteIcon />}>
                        {t('demo.billing.remove')}
                      </Button>
                      <Button size="small" startIcon={<EditIcon />}>
                        {t('demo.billing.edit')}
                      </Button>
                    </Stack>
                  </Stack>
                </Box>
              ))}
            </Stack>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Section title={t('demo.billing.transactions')}>
            <List dense disablePadding>
              {sampleTransactions.map((transaction) => (
                <ListItem key={transaction.label} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <ReceiptIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={transaction.label} secondary={formatSampleDate(transaction.date)} />
                  <Typography
                    variant="body2"
                    sx={(theme) => {
                      const palette = transaction.amount < 0 ? theme.palette.error : theme.palette.success;
                      // the darker shade on white, the lighter on the dark paper: readable on both
                      return { fontWeight: 600, color: theme.palette.mode === 'dark' ? palette.light : palette.dark };
                    }}
                  >
                    {transaction.amount < 0 ? '−' : '+'}
                    {formatClp(Math.abs(transaction.amount))}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </Section>
        </Grid>
      </Grid>
    </DemoScreen>
  );
}
