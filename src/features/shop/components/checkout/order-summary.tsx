import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Cart, CartTotals, Currency } from '../../../../../server/contracts/shop';
import { formatMoney } from '../money';
import classes from './checkout.module.css';

export const cartCurrency = (cart: Cart): Currency => cart.items[0]?.currency ?? 'USD';

interface RowProps {
  id: string;
  label: string;
  value: string;
  strong?: boolean;
}

function Row({ id, label, value, strong = false }: RowProps) {
  return (
    <div className={classes.summaryRow}>
      <Text fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} fz={strong ? 'lg' : undefined} data-testid={`summary-${id}`}>
        {value}
      </Text>
    </div>
  );
}

/** total = subtotal − discount + shipping (docs/product-rules.md), as the contract computes it. */
export function OrderSummary({
  cart,
  totals,
  children,
}: {
  cart: Cart;
  totals: CartTotals;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, cartCurrency(cart), i18n.language);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-summary">
      <Stack gap="sm">
        <Title order={2} size="h4" id="order-summary">
          {t('shop.checkout.summary.title')}
        </Title>
        <Row id="subtotal" label={t('shop.checkout.summary.subtotal')} value={money(totals.subtotal)} />
        <Row
          id="discount"
          label={
            cart.discountCode
              ? t('shop.checkout.summary.discountCode', { code: cart.discountCode })
              : t('shop.checkout.summary.discount')
          }
          value={totals.discount ? `−${money(totals.discount)}` : money(0)}
        />
        <Row id="shipping" label={t('shop.checkout.summary.shipping')} value={money(totals.shipping)} />
        <Divider />
        <Row id="total" label={t('shop.checkout.summary.total')} value={money(totals.total)} strong />
        {children}
      </Stack>
    </Paper>
  );
}
