import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { LOW_STOCK } from '../../../../server/contracts/shop-constants';

export function StockBadge({ stock }: { stock: number }) {
  const { t } = useTranslation();
  if (stock <= 0)
    return (
      <Badge color="red" variant="light" size="sm">
        {t('shop.stock.out')}
      </Badge>
    );
  if (stock <= LOW_STOCK)
    return (
      <Badge color="orange" variant="light" size="sm">
        {t('shop.stock.low')}
      </Badge>
    );
  return (
    <Badge color="green" variant="light" size="sm">
      {t('shop.stock.in')}
    </Badge>
  );
}
