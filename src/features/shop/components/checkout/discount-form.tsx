import { Badge, Button, CloseButton, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiRequestError } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';

import type { Cart } from '../../../../../server/contracts/shop';
import { applyDiscountCode } from '../../api/checkout-api';
import { storeServerCart } from '../../local/cart-store';

/** A discount code, checked by the server: it needs the network, and says so offline. */
export function DiscountForm({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = async (value: string | null) => {
    setPending(true);
    setError(null);
    try {
      await storeServerCart((await applyDiscountCode(value)).cart);
      setCode('');
    } catch (caught) {
      setError(
        caught instanceof ApiRequestError && caught.status === 422
          ? t('shop.checkout.discount.invalid')
          : t('shop.checkout.discount.failed'),
      );
    } finally {
      setPending(false);
    }
  };

  if (cart.discountCode)
    return (
      <Group gap="xs" justify="space-between">
        <Badge variant="light" size="lg" tt="none">
          {t('shop.checkout.discount.applied', {
            code: cart.discountCode,
            percent: cart.discountPercent,
          })}
        </Badge>
        <CloseButton
          disabled={!online || pending}
          onClick={() => void send(null)}
          aria-label={t('shop.checkout.discount.remove', { code: cart.discountCode })}
        />
      </Group>
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!code.trim()) setError(t('shop.checkout.discount.empty'));
        else void send(code.trim());
      }}
      noValidate
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          flex={1}
          label={t('shop.checkout.discount.label')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          disabled={!online}
          autoComplete="off"
          dir="ltr"
        />
        <Button type="submit" variant="light" mt={25} loading={pending} disabled={!online}>
          {t('shop.checkout.discount.apply')}
        </Button>
      </Group>
      {!online ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t('shop.checkout.discount.offline')}
        </Text>
      ) : null}
    </form>
  );
}
