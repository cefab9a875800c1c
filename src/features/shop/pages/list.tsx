import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Image,
  Modal,
  Paper,
  Select,
  Skeleton,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconPlus, IconSearch, IconShoppingBag, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';

import { PRODUCT_SORTS, type ProductSort } from '../../../../server/contracts/shop';
import { deleteProducts, productsQuery, publishProducts } from '../api/shop-api';
import { formatMoney } from '../components/money';
import { StockBadge } from '../components/stock-badge';
import { useLoggedError } from '../components/use-logged-error';

export default function ProductListPage() {
  const { t, i18n } = useTranslation();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<ProductSort>('newest');
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const list = useQuery({
    ...productsQuery({ q: q || undefined, sort, all: true }),
    placeholderData: keepPreviousData,
    enabled: me?.role === 'admin',
  });
  useLoggedError(list.error, 'shop: admin product list');
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      publishProducts([id], published),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
  const remove = useMutation({
    mutationFn: deleteProducts,
    onSuccess: async ({ deleted }) => {
      notify.success(t('shop.list.deleted', { count: deleted.length }));
      setSelected([]);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });

  if (me?.role !== 'admin') return <Navigate to={paths.dashboard.permissionDenied.path} replace />;

  const products = list.data?.products ?? [];
  const allSelected = products.length > 0 && products.every((p) => selected.includes(p.id));
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <>
      <Group justify="space-between" mb="lg">
        <Title order={1} size="h3">
          {t('shop.list.title')}
        </Title>
        <Button
          component={Link}
          to={paths.dashboard.eCommerce.productNew.path}
          leftSection={<IconPlus size={16} />}
        >
          {t('shop.list.new')}
        </Button>
      </Group>
      <Group mb="md" gap="sm" align="flex-end">
        <TextInput
          style={{ flex: '1 1 220px' }}
          maw={360}
          leftSection={<IconSearch size={16} />}
          placeholder={t('shop.search')}
          aria-label={t('shop.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          w={200}
          label={t('shop.sort.label')}
          data={PRODUCT_SORTS.map((s) => ({ value: s, label: t(`shop.sort.${s}`) }))}
          value={sort}
          allowDeselect={false}
          onChange={(v) => v && setSort(v)}
        />
        {selected.length ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming(true)}
          >
            {t('shop.list.deleteSelected', { count: selected.length })}
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={list}
        loading={<Skeleton h={360} radius="lg" />}
        isEmpty={() => products.length === 0}
        empty={
          <EmptyState
            icon={<IconShoppingBag size={28} />}
            title={t('shop.list.emptyTitle')}
            action={
              <Button component={Link} to={paths.dashboard.eCommerce.productNew.path}>
                {t('shop.list.new')}
              </Button>
            }
          />
        }
      >
        {() => (
          <Paper withBorder radius="lg">
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('shop.list.selectAll')}
                        checked={allSelected}
                        indeterminate={selected.length > 0 && !allSelected}
                        onChange={() => setSelected(allSelected ? [] : products.map((p) => p.id))}
                      />
                    </Table.Th>
                    <Table.Th>{t('shop.list.product')}</Table.Th>
                    <Table.Th>{t('shop.list.category')}</Table.Th>
                    <Table.Th>{t('shop.list.stock')}</Table.Th>
                    <Table.Th>{t('shop.list.price')}</Table.Th>
                    <Table.Th>{t('shop.list.published')}</Table.Th>
                    <Table.Th w={60}>
                      <VisuallyHidden>{t('shop.list.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {products.map((p) => (
                    <Table.Tr
                      key={p.id}
                      bg={
                        selected.includes(p.id) ? 'var(--mantine-primary-color-light)' : undefined
                      }
                    >
                      <Table.Td>
                        <Checkbox
                          aria-label={t('shop.list.select', { name: p.name })}
                          checked={selected.includes(p.id)}
                          onChange={() => toggle(p.id)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Image
                            src={p.images[0]}
                            alt=""
                            w={48}
                            h={48}
                            radius="md"
                            fallbackSrc="/favicon.svg"
                          />
                          <Anchor
                            component={Link}
                            to={paths.dashboard.eCommerce.product.href(p.slug)}
                            fw={600}
                            size="sm"
                            lineClamp={1}
                          >
                            {p.name}
                          </Anchor>
                        </Group>
                      </Table.Td>
                      <Table.Td>{t(`shop.categories.${p.category}`)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm">{p.stock}</Text>
                          <StockBadge stock={p.stock} />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {formatMoney(p.priceSale ?? p.price, p.currency, i18n.language)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={t('shop.list.publishNamed', { name: p.name })}
                          label={p.published ? t('shop.list.live') : t('shop.list.draft')}
                          checked={p.published}
                          disabled={publish.isPending && publish.variables?.id === p.id}
                          onChange={(e) =>
                            publish.mutate({ id: p.id, published: e.currentTarget.checked })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label={t('shop.list.edit')}>
                          <ActionIcon
                            variant="subtle"
                            component={Link}
                            to={paths.dashboard.eCommerce.productEdit.href(p.slug)}
                            aria-label={t('shop.list.editNamed', { name: p.name })}
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('shop.list.confirmTitle')}
      >
        <Text size="sm">{t('shop.list.confirmBody', { count: selected.length })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('shop.list.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(selected)}>
            {t('shop.list.confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
