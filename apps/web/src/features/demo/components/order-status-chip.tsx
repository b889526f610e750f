import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../samples/sample-data';

// white on the darker shade of each colour: readable (4.5:1) in light and dark mode
const looks = {
  paid: { bgcolor: 'success.dark', color: '#ffffff' },
  refunded: undefined,
  canceled: { bgcolor: 'error.dark', color: '#ffffff' },
} as const;

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" sx={looks[status]} label={t(`demo.order.statuses.${status}`)} />;
}
