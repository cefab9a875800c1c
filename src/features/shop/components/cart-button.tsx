// The dashboard header's cart button: the number of items in the cart (spec: totalItems),
// opening the checkout. It is in the home's first-load chunk, so the count (Dexie and its live
// query) loads only once the browser is idle after the first paint, as the outbox badge does.
import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Hint } from '@/components/ui/hint';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/i18n';
import { useLoadedSubscription } from '@/lib/use-loaded-subscription';

const loadCartCount = () => import('../local/cart-count').then((m) => m.watchCartCount);

export function CartButton() {
  const { t } = useTranslation();
  const count = useLoadedSubscription(loadCartCount, { when: 'idle' }) ?? 0;
  const label = t('shop.header.cart', { count, formatted: formatNumber(count) });
  return (
    <Hint label={label} position="bottom">
      {(describedBy) => (
        <Indicator label={formatNumber(count)} disabled={count === 0} size={16} offset={4}>
          <ActionIcon
            component={Link}
            to={paths.dashboard.eCommerce.checkout.path}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-describedby={describedBy}
            data-testid="cart-button"
            data-count={count}
          >
            <IconShoppingCart size={22} />
          </ActionIcon>
        </Indicator>
      )}
    </Hint>
  );
}
