import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../data/sample-data';

const colors = { paid: 'success', refunded: 'default', canceled: 'error' } as const;

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={colors[status]} label={t(`demo.order.statuses.${status}`)} />;
}
