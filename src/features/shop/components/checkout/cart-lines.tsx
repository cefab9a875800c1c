import {
  ActionIcon,
  Anchor,
  ColorSwatch,
  Group,
  Image,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/i18n';
import { notify } from '@/lib/notify';

import { MAX_LINE_QUANTITY, type CartItem } from '../../../../../server/contracts/shop';
import { decreaseQuantity, increaseQuantity, removeFromCart } from '../../local/cart-store';
import { cartErrorMessage } from '../cart-limit-message';
import { formatMoney } from '../money';
import classes from './checkout.module.css';

export const lineLimit = (item: CartItem) => Math.min(MAX_LINE_QUANTITY, Math.max(1, item.available));

/** The cart's lines: cover, name, colours, size, unit price, quantity − / +, line total, delete. */
export function CartLines({ items }: { items: CartItem[] }) {
  const { t } = useTranslation();
  const run = (command: Promise<void>) =>
    void command.catch((error: unknown) => notify.error(cartErrorMessage(t, error)));
  return (
    <Stack gap="sm" component="ul" className={classes.lines} aria-label={t('shop.checkout.cart.lines')}>
      {items.map((item) => (
        <CartLine
          key={item.id}
          item={item}
          onIncrease={() => run(increaseQuantity(item.id))}
          onDecrease={() => run(decreaseQuantity(item.id))}
          onRemove={() => run(removeFromCart(item.id))}
        />
      ))}
    </Stack>
  );
}

interface CartLineProps {
  item: CartItem;
  onIncrease: () => void;
  onDecrease: () => void;
  onRemove: () => void;
}

function CartLine({ item, onIncrease, onDecrease, onRemove }: CartLineProps) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, item.currency, i18n.language);
  const limit = lineLimit(item);
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.line} data-testid="cart-line">
      <Image src={item.coverUrl} alt="" w={72} h={72} radius="sm" fit="cover" className={classes.cover} />
      <Stack gap={4} className={classes.lineBody}>
        <Anchor
          component={Link}
          to={paths.dashboard.eCommerce.product.href(item.slug)}
          fw={600}
          lineClamp={2}
        >
          <bdi>{item.name}</bdi>
        </Anchor>
        <Group gap="xs" wrap="wrap">
          {item.colors.length ? (
            <Group gap={4} aria-label={t('shop.checkout.cart.colours', { colours: item.colors.join(', ') })} role="img">
              {item.colors.map((c) => (
                <ColorSwatch key={c} color={c} size={14} withShadow />
              ))}
            </Group>
          ) : null}
          {item.size ? (
            <Text size="sm" c="dimmed">
              {t('shop.checkout.cart.size', { size: item.size })}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('shop.checkout.cart.each', { price: money(item.price) })}
          </Text>
        </Group>
      </Stack>
      <Group gap={4} wrap="nowrap" className={classes.quantity}>
        <ActionIcon
          variant="default"
          onClick={onDecrease}
          disabled={item.quantity <= 1}
          aria-label={t('shop.checkout.cart.decrease', { name: item.name })}
        >
          <IconMinus size={16} />
        </ActionIcon>
        <Text
          component="output"
          w={36}
          ta="center"
          fw={600}
          aria-label={t('shop.checkout.cart.quantityOf', { name: item.name, count: item.quantity })}
          data-testid="line-quantity"
        >
          {formatNumber(item.quantity)}
        </Text>
        <ActionIcon
          variant="default"
          onClick={onIncrease}
          disabled={item.quantity >= limit}
          aria-label={t('shop.checkout.cart.increase', { name: item.name })}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </Group>
      <Text fw={700} className={classes.lineTotal}>
        {money(item.price * item.quantity)}
      </Text>
      <ActionIcon
        variant="subtle"
        color="red"
        className={classes.remove}
        onClick={onRemove}
        aria-label={t('shop.checkout.cart.remove', { name: item.name })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Paper>
  );
}
