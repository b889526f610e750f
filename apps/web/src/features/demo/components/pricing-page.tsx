import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNUAL_MONTHS, pricingPlans } from '../samples/sample-data';
import { useHiddenSidebar } from '../hooks/use-hidden-sidebar';
import { formatClp } from '../utils/format';
import { DemoScreen } from './demo-screen';

type Period = 'monthly' | 'annual';

const faqs = [
  ['q1', 'a1'],
  ['q2', 'a2'],
  ['q3', 'a3'],
  ['q4', 'a4'],
] as const;

/**
 * '/pages/pricing-page' (product-spec.md §2 "Template demo screens"): Mensual/Anual tabs switching the
 * prices of three sample plans, and an FAQ accordion. The sidebar is hidden while it is open.
 */
export function PricingPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('monthly');
  const [openFaq, setOpenFaq] = useState<string | false>('q1');
  useHiddenSidebar();

  return (
    <DemoScreen title={title}>
      <Box sx={{ textAlign: 'center', mb: 3 }}>
        <Typography variant="h4" component="h2" gutterBottom>
          {t('demo.pricing.heading')}
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
          {t('demo.pricing.subheading')}
        </Typography>
        <Tabs
          value={period}
          onChange={(_event, value: Period) => setPeriod(value)}
          aria-label={t('demo.pricing.period')}
          centered
        >
          <Tab
            value="monthly"
            label={t('demo.pricing.monthly')}
            id="pricing-tab-monthly"
            aria-controls="pricing-plans"
          />
          <Tab value="annual" label={t('demo.pricing.annual')} id="pricing-tab-annual" aria-controls="pricing-plans" />
        </Tabs>
      </Box>
      <Grid
        container
        spacing={3}
        id="pricing-plans"
        role="tabpanel"
        aria-labelledby={`pricing-tab-${period}`}
        sx={{ mb: 5, justifyContent: 'center' }}
      >
        {pricingPlans.map((plan) => {
          const isPopular = plan.key === 'premium';
          const price = period === 'monthly' ? plan.monthly : plan.monthly * ANNUAL_MONTHS;
          const name = t(`demo.pricing.plans.${plan.key}`);
          const features = [
            { text: t('demo.pricing.features.users', { count: plan.users }), isIncluded: true },
            { text: t('demo.pricing.features.projects', { count: plan.projects }), isIncluded: true },
            { text: t('demo.pricing.features.storage', { count: plan.storage }), isIncluded: true },
            { text: t('demo.pricing.features.support'), isIncluded: true },
            { text: t('demo.pricing.features.prioritySupport'), isIncluded: plan.prioritySupport },
            { text: t('demo.pricing.features.integrations'), isIncluded: plan.integrations },
          ];
          return (
            <Grid key={plan.key} size={{ xs: 12, md: 4 }} sx={{ maxWidth: { md: 380 } }}>
              <Card
                component="article"
                aria-label={name}
                data-testid={`plan-${plan.key}`}
                sx={{
                  height: '100%',
                  ...(isPopular && { outline: '2px solid', outlineColor: 'primary.main' }),
                }}
              >
                <CardContent sx={{ p: 3, textAlign: 'center' }}>
                  <Box sx={{ minHeight: 32 }}>
                    {isPopular && <Chip color="primary" size="small" label={t('demo.pricing.popular')} />}
                  </Box>
                  <Typography variant="h6" component="h3">
                    {name}
                  </Typography>
                  <Typography variant="h4" component="p" sx={{ my: 1 }} data-testid={`price-${plan.key}`}>
                    {formatClp(price)}
                    <Typography component="span" variant="body1" color="text.secondary">
                      {period === 'monthly' ? t('demo.pricing.perMonth') : t('demo.pricing.perYear')}
                    </Typography>
                  </Typography>
                  <List dense sx={{ textAlign: 'start' }}>
                    {features.map((feature) => (
                      <ListItem key={feature.text} disableGutters>
                        <ListItemIcon sx={{ minWidth: 32 }}>
                          {feature.isIncluded ? (
                            <CheckIcon fontSize="small" color="success" aria-hidden />
                          ) : (
                            <CloseIcon fontSize="small" color="disabled" aria-hidden />
                          )}
                        </ListItemIcon>
                        <ListItemText
                          primary={feature.text}
                          sx={feature.isIncluded ? undefined : { textDecoration: 'line-through' }}
                        />
                      </ListItem>
                    ))}
                  </List>
                  <Button variant={isPopular ? 'contained' : 'outlined'} fullWidth>
                    {t('demo.pricing.choose', { plan: name })}
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          );
        })}
      </Grid>
      <Box sx={{ maxWidth: 880, mx: 'auto', width: '100%' }}>
        <Typography variant="h5" component="h2" sx={{ mb: 2, textAlign: 'center' }}>
          {t('demo.pricing.faqTitle')}
        </Typography>
        {faqs.map(([question, answer]) => (
          <Accordion
            key={question}
            expanded={openFaq === question}
            onChange={(_event, isExpanded) => setOpenFaq(isExpanded ? question : false)}
            disableGutters
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t(`demo.pricing.faq.${question}`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography variant="body2" color="text.secondary">
                {t(`demo.pricing.faq.${answer}`)}
              </Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </DemoScreen>
  );
}
