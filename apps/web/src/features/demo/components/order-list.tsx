import SearchIcon from '@mui/icons-material/Search';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sampleOrders } from '../samples/sample-data';
import { formatClp, formatSampleDate } from '../utils/format';
import { DemoScreen } from './demo-screen';
import { OrderStatusChip } from './order-status-chip';

/** '/ecommerce/Orders/order-list': the sample orders, searchable, newest or oldest first. */
export function OrderList({ title }: { title: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [isNewestFirst, setIsNewestFirst] = useState(true);
  const orders = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase('es-CL');
    const found = sampleOrders.filter((order) =>
      [order.number, order.customer, order.product].some((value) => value.toLocaleLowerCase('es-CL').includes(needle)),
    );
    return found.sort((a, b) => (isNewestFirst ? b.date.localeCompare(a.date) : a.date.localeCompare(b.date)));
  }, [search, isNewestFirst]);

  return (
    <DemoScreen title={title}>
      <Card>
        <CardContent>
          <TextField
            label={t('demo.order.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            size="small"
            sx={{ mb: 2, minWidth: 280 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TableContainer>
            <Table aria-label={t('demo.order.listTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('demo.order.id')}</TableCell>
                  <TableCell sortDirection={isNewestFirst ? 'desc' : 'asc'}>
                    <TableSortLabel
                      active
                      direction={isNewestFirst ? 'desc' : 'asc'}
                      onClick={() => setIsNewestFirst((value) => !value)}
                    >
                      {t('demo.order.date')}
                    </TableSortLabel>
                  </TableCell>
                  <TableCell>{t('demo.order.status')}</TableCell>
                  <TableCell>{t('demo.order.customer')}</TableCell>
                  <TableCell>{t('demo.order.product')}</TableCell>
                  <TableCell align="right">{t('demo.order.total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {orders.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6}>{t('demo.order.noMatch')}</TableCell>
                  </TableRow>
                ) : (
                  orders.map((order) => (
                    <TableRow key={order.number} hover>
                      <TableCell>#{order.number}</TableCell>
                      <TableCell>{formatSampleDate(order.date)}</TableCell>
                      <TableCell>
                        <OrderStatusChip status={order.status} />
                      </TableCell>
                      <TableCell>{order.customer}</TableCell>
                      <TableCell>{order.product}</TableCell>
                      <TableCell align="right">{formatClp(order.total)}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>
    </DemoScreen>
  );
}
