import {
  Anchor,
  Avatar,
  Badge,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCash,
  IconPackage,
  IconReceipt,
  IconShoppingBag,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';

import type { ShopOverview } from '../../../../server/contracts/shop';
import { shopOverviewQuery } from '../api/shop-api';
import { ConfirmationStep } from '../components/checkout/confirmation-step';
import { formatMoney, intlLocale } from '../components/money';
import { SalesChart } from '../components/sales-chart';
import { useLoggedError } from '../components/use-logged-error';

const ORDER_PARAM = 'order';

/** `?order=<id>` (the confirmation mail's link, a row of the orders table): that order, over
 *  the overview. Closing it drops the parameter. */
function OrderModal() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const orderId = params.get(ORDER_PARAM);
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ORDER_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <Modal
      opened={!!orderId}
      onClose={close}
      title={t('shop.overview.order')}
      size="xl"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {orderId ? <ConfirmationStep orderId={orderId} onDone={close} details /> : null}
    </Modal>
  );
}

export default function ShopOverviewPage() {
  const { t } = useTranslation();
  const overview = useQuery(shopOverviewQuery());
  useLoggedError(overview.error, 'shop: overview');
  return (
    <Stack gap="lg">
      <OrderModal />
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('shop.overview.title')}
        </Title>
        <Anchor component={Link} to={paths.dashboard.eCommerce.shop.path}>
          {t('shop.overview.toShop')}
        </Anchor>
      </Group>
      <QueryState
        query={overview}
        loading={
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} h={92} radius="lg" />
              ))}
            </SimpleGrid>
            <Skeleton h={320} radius="lg" />
          </>
        }
      >
        {(data) => <OverviewBody data={data} />}
      </QueryState>
    </Stack>
  );
}

function OverviewBody({ data }: { data: ShopOverview }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const money = (cents: number) => formatMoney(cents, data.currency, i18n.language);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const month = (ym: string) =>
    new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${ym}-01T00:00:00Z`),
    );
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <>
      <Text size="sm" c="dimmed">
        {data.scope === 'store' ? t('shop.overview.scopeStore') : t('shop.overview.scopeMine')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard
          label={t('shop.overview.sales')}
          value={money(data.totals.sales)}
          icon={<IconCash size={22} />}
        />
        <StatCard
          label={t('shop.overview.orders')}
          value={count(data.totals.orders)}
          icon={<IconReceipt size={22} />}
        />
        <StatCard
          label={t('shop.overview.itemsSold')}
          value={count(data.totals.itemsSold)}
          icon={<IconPackage size={22} />}
        />
        <StatCard
          label={t('shop.overview.averageOrder')}
          value={money(data.totals.averageOrder)}
          icon={<IconShoppingCart size={22} />}
        />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h5" mb="md">
          {t('shop.overview.monthly')}
        </Title>
        <SalesChart
          data={data.monthly.map((m) => ({ month: month(m.month), sales: m.sales }))}
          label={t('shop.overview.sales')}
          format={money}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder radius="lg" p="md">
          <Title order={2} size="h5" mb="md">
            {t('shop.overview.bestSellers')}
          </Title>
          {data.bestSellers.length === 0 ? (
            <EmptyState icon={<IconShoppingBag size={28} />} title={t('shop.overview.noSales')} />
          ) : (
            <Stack gap="sm">
              {data.bestSellers.map((b) => (
                <Group key={b.product.id} wrap="nowrap" justify="space-between">
                  <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                    <Avatar src={b.product.images[0]} radius="md" alt="" />
                    <div style={{ minWidth: 0 }}>
                      <Anchor
                        component={Link}
                        to={paths.dashboard.eCommerce.product.href(b.product.slug)}
                        size="sm"
                        fw={600}
                        lineClamp={1}
                      >
                        {b.product.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t(`shop.categories.${b.product.category}`)}
                      </Text>
                    </div>
                  </Group>
                  <div style={{ textAlign: 'end' }}>
                    <Text size="sm" fw={600}>
                      {money(b.sales)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('shop.overview.sold', { count: b.sold })}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={2} size="h5" mb="md">
            {t('shop.overview.latestOrders')}
          </Title>
          {data.latestOrders.length === 0 ? (
            <EmptyState icon={<IconReceipt size={28} />} title={t('shop.overview.noOrders')} />
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('shop.overview.order')}</Table.Th>
                    <Table.Th>{t('shop.overview.date')}</Table.Th>
                    <Table.Th>{t('shop.overview.status')}</Table.Th>
                    <Table.Th ta="end">{t('shop.overview.total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.latestOrders.map((o) => (
                    <Table.Tr key={o.id}>
                      <Table.Td>
                        {/* one's own orders open (an admin's store view lists other people's) */}
                        {data.scope === 'mine' ? (
                          <Anchor
                            component={Link}
                            to={`?${ORDER_PARAM}=${encodeURIComponent(o.id)}`}
                            size="sm"
                            fw={600}
                            dir="ltr"
                          >
                            {o.number}
                          </Anchor>
                        ) : (
                          <Text size="sm" fw={600} dir="ltr">
                            {o.number}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{date(o.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" size="sm">
                          {t(`shop.orderStatus.${o.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="end">
                        <Text size="sm">{money(o.total)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </SimpleGrid>
    </>
  );
}
