import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceStatus } from '../../../../server/contracts/invoice';

export const STATUS_COLOR: Record<InvoiceStatus, string> = {
  draft: 'gray',
  pending: 'yellow',
  overdue: 'red',
  paid: 'green',
  cancelled: 'dark',
};

export function StatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-status={status}>
      {t(`invoice.status.${status}`)}
    </Badge>
  );
}
