import {
  AspectRatio,
  Badge,
  Card,
  ColorSwatch,
  Group,
  Image,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import stretched from '@/components/ui/stretched-link.module.css';
import { paths } from '@/config/paths';

import type { Product } from '../../../../server/contracts/shop';
import { formatMoney } from './money';
import { RatingStars } from './rating-stars';
import classes from './shop.module.css';
import { StockBadge } from './stock-badge';

export function ProductCard({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, product.currency, i18n.language);
  return (
    // the product's name is the link; its ::after stretches over the whole card, so the card
    // clicks as one while the link's name stays the product's name (not the card's every word)
    <Card withBorder radius="lg" padding="sm" component="article" className={classes.card} data-testid="product-card">
      <Card.Section pos="relative">
        <AspectRatio ratio={1}>
          <Image src={product.images[0]} alt="" loading="lazy" fallbackSrc="/favicon.svg" />
        </AspectRatio>
        {product.priceSale !== null ? (
          <Badge color="red.8" pos="absolute" top={8} style={{ insetInlineStart: 8 }}>
            {t('shop.card.sale')}
          </Badge>
        ) : null}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text
          fw={600}
          size="sm"
          lineClamp={1}
          component={Link}
          to={paths.dashboard.eCommerce.product.href(product.slug)}
          className={stretched.stretchedLink}
        >
          {product.name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {product.colors.slice(0, 5).map((c) => (
            <ColorSwatch key={c} color={c} size={14} aria-hidden="true" />
          ))}
          {product.colors.length > 5 ? (
            <Text size="xs" c="dimmed">
              +{product.colors.length - 5}
            </Text>
          ) : null}
        </Group>
        <Group gap={6} wrap="wrap">
          <RatingStars value={product.ratingAverage} />
          <Text size="xs" c="dimmed">
            {t('shop.card.reviews', { count: product.ratingCount })}
          </Text>
        </Group>
        <Group justify="space-between" wrap="wrap" gap={4}>
          <Group gap={6} wrap="wrap">
            {product.priceSale !== null ? (
              <>
                <Text fw={700} size="sm">
                  {money(product.priceSale)}
                </Text>
                <Text size="xs" c="dimmed" td="line-through">
                  <VisuallyHidden>{t('shop.card.was')} </VisuallyHidden>
                  {money(product.price)}
                </Text>
              </>
            ) : (
              <Text fw={700} size="sm">
                {money(product.price)}
              </Text>
            )}
          </Group>
          <StockBadge stock={product.stock} />
        </Group>
      </Stack>
    </Card>
  );
}
