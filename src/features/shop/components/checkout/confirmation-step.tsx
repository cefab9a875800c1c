import {
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
import { formatDate, formatNumber } from '@/lib/i18n';

import type { Order } from '../../../../../server/contracts/shop';
import { orderQuery } from '../../api/checkout-api';
import { formatMoney } from '../money';
import { AddressLines } from './address-card';
import { brandName } from './card-form';
import classes from './checkout.module.css';

/** The confirmation mail, found by the order number in the mailbox. */
export const confirmationMailHref = (order: Pick<Order, 'number'>) =>
  `${paths.dashboard.mail.root.path}?q=${encodeURIComponent(order.number)}`;

/** Step 3: the order placed — its number, lines and totals, the mail, the way back. With
 *  `details`, an order looked up later (the mail's link, the overview): its date and status in
 *  place of the thanks, without a frame of its own. */
export function ConfirmationStep({
  orderId,
  onDone,
  details = false,
}: {
  orderId: string;
  onDone: () => void;
  details?: boolean;
}) {
  const order = useQuery(orderQuery(orderId));
  return (
    <QueryState
      query={order}
      loading={<Skeleton h={320} radius="md" data-testid="order-loading" />}
    >
      {(data) => <OrderPlaced order={data.order} onDone={onDone} details={details} />}
    </QueryState>
  );
}

function OrderPlaced({
  order,
  onDone,
  details,
}: {
  order: Order;
  onDone: () => void;
  details: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, order.currency, i18n.language);
  const row = (label: string, value: string, strong = false) => (
    <div className={classes.summaryRow}>
      <Text c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500}>{value}</Text>
    </div>
  );
  return (
    <Paper
      withBorder={!details}
      radius="md"
      p={details ? 0 : { base: 'md', sm: 'xl' }}
      maw={720}
      mx="auto"
      data-testid="order-confirmation"
    >
      <Stack gap="md">
        {details ? (
          <Group justify="space-between" gap="xs">
            <div>
              <Text size="lg" fw={700}>
                {t('shop.checkout.done.number', { number: order.number })}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDate(order.createdAt)}
              </Text>
            </div>
            <Badge variant="light">{t(`shop.orderStatus.${order.status}`)}</Badge>
          </Group>
        ) : (
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={64} radius="xl" color="green" variant="light" aria-hidden="true">
              <IconCircleCheck size={40} />
            </ThemeIcon>
            <Title order={2}>{t('shop.checkout.done.title')}</Title>
            <Text size="lg">{t('shop.checkout.done.number', { number: order.number })}</Text>
            <Text c="dimmed">{t('shop.checkout.done.mailSent')}</Text>
          </Stack>
        )}
        <Divider />
        <Stack gap={6} component="ul" className={classes.lines}>
          {order.lines.map((line) => (
            <li key={`${line.productId}-${line.size ?? ''}`} className={classes.summaryRow}>
              <Text>
                {t('shop.checkout.done.line', {
                  count: line.quantity,
                  quantity: formatNumber(line.quantity),
                  name: `\u2068${line.name}\u2069`,
                })}
              </Text>
              <Text fw={500}>{money(line.lineTotal)}</Text>
            </li>
          ))}
        </Stack>
        <Divider />
        {row(t('shop.checkout.summary.subtotal'), money(order.subtotal))}
        {order.discount
          ? row(
              t('shop.checkout.summary.discountCode', { code: order.discountCode ?? '' }),
              `−${money(order.discount)}`,
            )
          : null}
        {row(t('shop.checkout.summary.shipping'), money(order.shipping))}
        {row(t('shop.checkout.summary.total'), money(order.total), true)}
        <Text size="sm" c="dimmed">
          {t('shop.checkout.done.paidWith', {
            brand: brandName(order.payment.brand, t),
            last4: order.payment.last4,
          })}
        </Text>
        <div>
          <Text size="sm" fw={600}>
            {t('shop.checkout.address.billTo')}
          </Text>
          <Text size="sm">
            <bdi>{order.billing.name}</bdi>
          </Text>
          <AddressLines address={order.billing} />
        </div>
        <Group justify="center" mt="sm">
          <Button
            component={Link}
            to={confirmationMailHref(order)}
            variant="light"
            leftSection={<IconMail size={18} />}
          >
            {t('shop.checkout.done.openMail')}
          </Button>
          <Button component={Link} to={paths.dashboard.eCommerce.shop.path} onClick={onDone}>
            {t('shop.checkout.done.continue')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
