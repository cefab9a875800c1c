import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Chip,
  ColorSwatch,
  Divider,
  Grid,
  Group,
  NumberInput,
  Rating,
  Skeleton,
  Stack,
  Text,
  Title,
  Typography,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconMoodEmpty, IconShoppingCartPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';

import { MAX_LINE_QUANTITY, unitPrice, type Product } from '../../../../server/contracts/shop';
import { productQuery } from '../api/shop-api';
import { cartErrorMessage } from '../components/cart-limit-message';
import { formatMoney } from '../components/money';
import { ProductGallery } from '../components/product-gallery';
import { ProductReviews } from '../components/product-reviews';
import classes from '../components/shop.module.css';
import { StockBadge } from '../components/stock-badge';
import { useLoggedError } from '../components/use-logged-error';
import { addToCart } from '../local/cart-store';

export default function ProductPage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const product = useQuery({ ...productQuery(name), retry: false });
  useLoggedError(product.error, 'shop: product');

  return (
    <QueryState
      query={product}
      loading={
        <Grid gap="xl" data-testid="product-loading">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Skeleton h={420} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Skeleton h={32} mb="md" />
            <Skeleton h={200} />
          </Grid.Col>
        </Grid>
      }
      notFound={
        <EmptyState
          icon={<IconMoodEmpty size={28} />}
          title={t('shop.product.notFound')}
          description={t('shop.product.notFoundBody', { name })}
          action={
            <Button component={Link} to={paths.dashboard.eCommerce.shop.path}>
              {t('shop.product.backToShop')}
            </Button>
          }
        />
      }
    >
      {(data) => <ProductView product={data.product} />}
    </QueryState>
  );
}

function ProductView({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const [colour, setColour] = useState(product.colors[0] ?? null);
  const [size, setSize] = useState<string | null>(product.sizes[0] ?? null);
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const maxQuantity = Math.min(product.stock, MAX_LINE_QUANTITY);
  const money = (cents: number) => formatMoney(cents, product.currency, i18n.language);
  const description = useMemo(
    () =>
      DOMPurify.sanitize(product.description, {
        FORBID_TAGS: ['style', 'iframe', 'form'],
        FORBID_ATTR: ['style'],
      }),
    [product.description],
  );

  const add = async () => {
    setAdding(true);
    try {
      const item = {
        id: product.id,
        name: product.name,
        slug: product.slug,
        coverUrl: product.images[0] ?? '',
        price: unitPrice(product),
        currency: product.currency,
        colors: colour ? [colour] : [],
        size,
        available: product.stock,
      };
      let added = 0;
      try {
        for (; added < quantity; added += 1) await addToCart(item);
      } finally {
        if (added > 0)
          notify.success(t('shop.product.added', { count: added, name: product.name }));
      }
    } catch (error) {
      notify.error(cartErrorMessage(t, error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack gap="xl">
      <Breadcrumbs>
        <Anchor component={Link} to={paths.dashboard.eCommerce.shop.path}>
          {t('shop.title')}
        </Anchor>
        <Text>{product.name}</Text>
      </Breadcrumbs>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProductGallery images={product.images} name={product.name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Group gap="xs">
              <Badge variant="light">{t(`shop.categories.${product.category}`)}</Badge>
              <StockBadge stock={product.stock} />
              {!product.published ? <Badge color="gray">{t('shop.list.draft')}</Badge> : null}
            </Group>
            <Title order={1} size="h2">
              {product.name}
            </Title>
            <Group gap="xs">
              <Rating value={product.ratingAverage} fractions={10} readOnly />
              <Text size="sm" c="dimmed">
                {t('shop.card.reviews', { count: product.ratingCount })}
              </Text>
            </Group>
            <Group gap="sm" align="baseline">
              <Text fz={28} fw={700}>
                {money(unitPrice(product))}
              </Text>
              {product.priceSale !== null ? (
                <Text c="dimmed" td="line-through">
                  {money(product.price)}
                </Text>
              ) : null}
            </Group>
            <Divider />
            {product.colors.length ? (
              <div>
                <Text size="sm" fw={500} mb={6} id="product-colour">
                  {t('shop.product.colour')}
                </Text>
                <Group gap="xs" role="radiogroup" aria-labelledby="product-colour">
                  {product.colors.map((c) => (
                    <UnstyledButton
                      key={c}
                      role="radio"
                      aria-checked={colour === c}
                      aria-label={c}
                      onClick={() => setColour(c)}
                    >
                      <ColorSwatch color={c} size={30} withShadow>
                        {colour === c ? (
                          <IconCheck size={16} color={c === '#FFFFFF' ? '#000' : '#fff'} />
                        ) : null}
                      </ColorSwatch>
                    </UnstyledButton>
                  ))}
                </Group>
              </div>
            ) : null}
            {product.sizes.length ? (
              <div>
                <Text size="sm" fw={500} mb={6} id="product-size">
                  {t('shop.product.size')}
                </Text>
                <Chip.Group value={size ?? ''} onChange={(v) => setSize(v)}>
                  <Group gap="xs" role="radiogroup" aria-labelledby="product-size">
                    {product.sizes.map((s) => (
                      <Chip key={s} value={s} type="radio" className={classes.sizeChip}>
                        {s}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </div>
            ) : null}
            <Group align="flex-end" gap="sm">
              <NumberInput
                label={t('shop.product.quantity')}
                w={120}
                min={1}
                max={Math.max(1, maxQuantity)}
                allowDecimal={false}
                disabled={product.stock <= 0}
                value={quantity}
                onChange={(v) => setQuantity(typeof v === 'number' && v >= 1 ? v : 1)}
              />
              <Button
                leftSection={<IconShoppingCartPlus size={18} />}
                onClick={() => void add()}
                loading={adding}
                disabled={product.stock <= 0 || !user}
              >
                {t('shop.product.addToCart')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {product.stock > 0
                ? t('shop.product.available', { count: product.stock })
                : t('shop.stock.out')}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      <div>
        <Title order={2} size="h4" mb="sm">
          {t('shop.product.description')}
        </Title>
        <Typography className={classes.description}>
          {/* sanitised by the server on write and again here, as the mail reader does */}
          <div dir="auto" dangerouslySetInnerHTML={{ __html: description }} />
        </Typography>
      </div>
      <ProductReviews product={product} />
    </Stack>
  );
}
