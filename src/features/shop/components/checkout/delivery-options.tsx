import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { notify } from '@/lib/notify';

import { DELIVERY_OPTIONS, type Cart, type DeliveryId } from '../../../../../server/contracts/shop';
import { setDelivery } from '../../local/cart-store';
import { cartErrorMessage } from '../cart-limit-message';
import { formatMoney } from '../money';
import classes from './checkout.module.css';
import { cartCurrency } from './order-summary';

/** The delivery options; a choice is a cart change (queued, works offline). */
export function DeliveryOptions({ cart, error }: { cart: Cart; error?: string | null }) {
  const { t, i18n } = useTranslation();
  const choose = (value: string) =>
    void setDelivery(value as DeliveryId).catch((caught: unknown) =>
      notify.error(cartErrorMessage(t, caught)),
    );
  return (
    <Radio.Group
      value={cart.delivery}
      onChange={choose}
      label={t('shop.checkout.delivery.title')}
      error={error}
      required
    >
      <Stack gap="xs" mt="xs">
        {DELIVERY_OPTIONS.map((option) => (
          <Radio.Card
            key={option.id}
            value={option.id}
            className={classes.option}
            aria-label={t(`shop.checkout.delivery.${option.id}`)}
          >
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <Stack gap={0} flex={1}>
                <Text fw={600}>{t(`shop.checkout.delivery.${option.id}`)}</Text>
                <Text size="sm" c="dimmed">
                  {t('shop.checkout.delivery.days', { days: option.days })}
                </Text>
              </Stack>
              <Text fw={600}>
                {option.price
                  ? formatMoney(option.price, cartCurrency(cart), i18n.language)
                  : t('shop.checkout.delivery.freePrice')}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
