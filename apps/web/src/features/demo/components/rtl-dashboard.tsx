import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import rtlPlugin from 'stylis-plugin-rtl';
import { rtlDashboard } from '../samples/sample-data';
import { useRtlDocument } from '../hooks/use-rtl-document';
import { formatArabic } from '../utils/format';
import { DemoScreen } from './demo-screen';

/** The demo's own styles are written mirrored (margin-left ↔ margin-right…), as MUI's RTL guide does. */
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });

function SalesChart() {
  const max = Math.max(...rtlDashboard.monthlySales);
  const description = rtlDashboard.months
    .map((month, index) => `${month}: ${formatArabic(rtlDashboard.monthlySales[index] ?? 0)}`)
    .join('، ');
  return (
    <Stack
      direction="row"
      role="img"
      aria-label={`${rtlDashboard.salesTitle}: ${description}`}
      spacing={2}
      sx={{ alignItems: 'flex-end', height: 200, pt: 2 }}
    >
      {rtlDashboard.months.map((month, index) => {
        const value = rtlDashboard.monthlySales[index] ?? 0;
        return (
          <Stack key={month} spacing={0.5} sx={{ flex: 1, alignItems: 'center', height: '100%' }}>
            <Box sx={{ flex: 1, width: '100%', display: 'flex', alignItems: 'flex-end' }}>
              <Box
                sx={{
                  width: '100%',
                  height: `${(value / max) * 100}%`,
                  borderRadius: '6px 6px 0 0',
                  background: 'linear-gradient(195deg, #66bb6a, #43a047)',
                }}
              />
            </Box>
            <Typography variant="caption">{formatArabic(value)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {month}
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
}

/**
 * '/pages/rtl-page' (product-spec.md §2 "Template demo screens"): an Arabic dashboard drawn right to
 * left. While it is open the whole document is rtl and lang 'ar' (useRtlDocument).
 */
export function RtlDashboard({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  useRtlDocument();

  return (
    <CacheProvider value={rtlCache}>
      <DemoScreen title={title} uiLang={i18n.language} notice={t('demo.rtl.note')}>
        <Box data-testid="rtl-dashboard">
          <Typography variant="h4" component="h2">
            {rtlDashboard.title}
          </Typography>
          <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
            {rtlDashboard.subtitle}
          </Typography>
          <Grid container spacing={3} sx={{ mb: 3 }}>
            {rtlDashboard.kpis.map((kpi) => (
              <Grid key={kpi.label} size={{ xs: 12, sm: 6, lg: 3 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="body2" color="text.secondary">
                      {kpi.label}
                    </Typography>
                    <Typography variant="h5" component="p" sx={{ my: 1 }}>
                      {kpi.unit}
                      {formatArabic(kpi.value)}
                    </Typography>
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      {kpi.change >= 0 ? (
                        <ArrowUpwardIcon fontSize="small" color="success" aria-hidden />
                      ) : (
                        <ArrowDownwardIcon fontSize="small" color="error" aria-hidden />
                      )}
                      <Typography variant="body2">
                        {formatArabic(Math.abs(kpi.change))}٪ {rtlDashboard.changeSuffix}
                      </Typography>
                    </Stack>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, lg: 7 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3">
                    {rtlDashboard.salesTitle}
                  </Typography>
                  <SalesChart />
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, lg: 5 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3">
                    {rtlDashboard.ordersTitle}
                  </Typography>
                  <List dense>
                    {rtlDashboard.orders.map((order) => (
                      <ListItem
                        key={order.label}
                        disableGutters
                        sx={{
                          borderInlineStart: (theme) => `3px solid ${theme.palette.success.main}`,
                          paddingInlineStart: 1.5,
                          mb: 1,
                        }}
                      >
                        <ListItemText primary={order.label} secondary={order.date} />
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
            </Grid>
            <Grid size={12}>
              <Card>
                <CardContent>
                  <Typography variant="h6" component="h3">
                    {rtlDashboard.projectsTitle}
                  </Typography>
                  <Table aria-label={rtlDashboard.projectsTitle}>
                    <TableHead>
                      <TableRow>
                        {rtlDashboard.projectsColumns.map((column) => (
                          <TableCell key={column}>{column}</TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rtlDashboard.projects.map((project) => (
                        <TableRow key={project.name}>
                          <TableCell>{project.name}</TableCell>
                          <TableCell>${formatArabic(project.budget)}</TableCell>
                          <TableCell sx={{ minWidth: 160 }}>
                            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                              <Typography variant="body2" sx={{ minWidth: 40 }}>
                                {formatArabic(project.progress)}٪
                              </Typography>
                              <LinearProgress
                                variant="determinate"
                                value={project.progress}
                                color="success"
                                aria-label={`${project.name}: ${formatArabic(project.progress)}٪`}
                                sx={{ flex: 1, height: 6, borderRadius: 3 }}
                              />
                            </Stack>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </Box>
      </DemoScreen>
    </CacheProvider>
  );
}
