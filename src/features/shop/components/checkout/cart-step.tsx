import { Anchor, Button, Grid, Stack, Title } from '@mantine/core';
import { IconArrowRight, IconShoppingCartOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { paths } from '@/config/paths';

import type { CartView } from '../../local/cart-store';
import { CartLines } from './cart-lines';
import classes from './checkout.module.css';
import { DiscountForm } from './discount-form';
import { OrderSummary } from './order-summary';

/** Step 0: the lines, the totals and the discount code; or the empty cart and the way back. */
export function CartStep({ view, onNext }: { view: CartView; onNext: () => void }) {
  const { t } = useTranslation();
  if (!view.cart.items.length)
    return (
      <EmptyState
        icon={<IconShoppingCartOff size={28} />}
        title={t('shop.checkout.cart.emptyTitle')}
        description={t('shop.checkout.cart.emptyBody')}
        action={
          <Button component={Link} to={paths.dashboard.eCommerce.shop.path}>
            {t('shop.checkout.cart.toShop')}
          </Button>
        }
      />
    );
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('shop.checkout.cart.title', { count: view.totals.totalItems })}
          </Title>
          <CartLines items={view.cart.items} />
          <Anchor component={Link} to={paths.dashboard.eCommerce.shop.path} size="sm">
            {t('shop.checkout.cart.continue')}
          </Anchor>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <OrderSummary cart={view.cart} totals={view.totals}>
          <DiscountForm cart={view.cart} />
          <Button
            fullWidth
            size="md"
            onClick={onNext}
            rightSection={<IconArrowRight size={18} className={classes.mirrorInRtl} />}
          >
            {t('shop.checkout.cart.checkout')}
          </Button>
        </OrderSummary>
      </Grid.Col>
    </Grid>
  );
}
