import {
  Button,
  Group,
  Modal,

  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCheck, IconDownload, IconFileInvoice, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { AppDatesProvider } from '@/components/ui/dates-provider';
import { PagePagination } from '@/components/ui/page-pagination';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import type { InvoiceTabFigure } from '../../../../server/contracts/invoice';
import {
  INVOICE_PAGE_SIZES,
  INVOICE_TABS,
  type InvoiceSort,
} from '../../../../server/contracts/invoice-list';
import { bulkDelete, bulkMarkPaid, downloadInvoicePdf, invoiceKeys, invoicesQuery } from '../api/invoice-api';
import { InvoiceTable } from '../components/invoice-table';
import { useInvoiceFormat } from '../components/use-invoice-format';
import { useListParams } from '../components/use-list-params';

export default function InvoiceListPage() {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const queryClient = useQueryClient();
  const { query, update, clear } = useListParams();
  const [search, setSearch] = useState(query.q);
  const pushSearch = useDebouncedCallback((q: string) => update({ q: q.trim() }), 300);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const list = useQuery({ ...invoicesQuery(query), placeholderData: keepPreviousData });

  const done = (message: string) => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    notify.success(message);
  };
  const onError = (error: unknown) => notify.error(getErrorMessage(error));
  const markPaid = useMutation({
    mutationFn: () => bulkMarkPaid(selected),
    onSuccess: ({ updated, skipped }) =>
      done([t('invoice.bulk.done', { count: updated.length }), skipped.length ? t('invoice.bulk.skipped', { count: skipped.length }) : ''].filter(Boolean).join(' · ')),
    onError,
  });
  const remove = useMutation({
    mutationFn: () => bulkDelete(selected),
    onSuccess: ({ deleted, skipped }) => {
      setConfirming(false);
      done([t('invoice.bulk.deleted', { count: deleted.length }), skipped.length ? t('invoice.bulk.skipped', { count: skipped.length }) : ''].filter(Boolean).join(' · '));
    },
    onError,
  });
  const download = useMutation({
    mutationFn: async () => {
      const rows = list.data?.items.filter((i) => selected.includes(i.id)) ?? [];
      for (const row of rows) await downloadInvoicePdf(row.id, f.language, `${row.numberLabel}.pdf`);
    },
    onError: () => notify.error(t('invoice.notify.downloadFailed')),
  });

  const sums = (figure: InvoiceTabFigure) =>
    Object.entries(figure.sums)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amount]) => f.money(amount, currency as Parameters<typeof f.money>[1]))
      .join(' · ');
  const onSort = (sort: InvoiceSort) =>
    update({ sort, order: query.sort === sort && query.order === 'desc' ? 'asc' : 'desc' }, false);
  const filtered = Boolean(query.q || query.from || query.to || query.status !== 'all');
  const data = list.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('invoice.title')}
        </Title>
        <Group gap="sm">
          <SegmentedControl
            value={query.scope}
            onChange={(scope) => {
              setSelected([]);
              update({ scope: scope, status: 'all' });
            }}
            data={[
              { value: 'issued', label: t('invoice.scope.issued') },
              { value: 'received', label: t('invoice.scope.received') },
            ]}
          />
          <Button component={Link} to={paths.dashboard.invoice.new.path} leftSection={<IconPlus size={16} />}>
            {t('invoice.actions.new')}
          </Button>
        </Group>
      </Group>

      <Tabs value={query.status} onChange={(status) => status && update({ status: status as typeof query.status })}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {INVOICE_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`tab-${tab}`}>
              <Stack gap={0} align="flex-start">
                <Text size="sm" fw={600}>
                  {t(`invoice.status.${tab}`)} ({data?.tabs[tab].count ?? '…'})
                </Text>
                <Text size="xs" c="dimmed">
                  {data ? sums(data.tabs[tab]) || '—' : ' '}
                </Text>
              </Stack>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label={t('invoice.list.search')}
          placeholder={t('invoice.list.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            pushSearch(e.currentTarget.value);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <AppDatesProvider>
          <DatePickerInput
            label={t('invoice.list.from')}
            clearable
            value={query.from ?? null}
            onChange={(d) => update({ from: d ? String(d).slice(0, 10) : undefined })}
            w={170}
          />
          <DatePickerInput
            label={t('invoice.list.to')}
            clearable
            value={query.to ?? null}
            onChange={(d) => update({ to: d ? String(d).slice(0, 10) : undefined })}
            w={170}
          />
        </AppDatesProvider>
      </Group>

      {selected.length > 0 ? (
        <Paper withBorder p="xs" radius="md">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('invoice.list.selected', { count: selected.length })}
            </Text>
            <Button size="xs" variant="light" color="green" leftSection={<IconCheck size={14} />} loading={markPaid.isPending} onClick={() => markPaid.mutate()}>
              {t('invoice.bulk.markPaid')}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={download.isPending} onClick={() => download.mutate()}>
              {t('invoice.bulk.download')}
            </Button>
            {query.scope === 'issued' ? (
              <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
                {t('invoice.bulk.delete')}
              </Button>
            ) : null}
          </Group>
        </Paper>
      ) : null}

      <Paper withBorder radius="md">
        {list.isPending ? (
          <Stack p="md" gap="sm" data-testid="invoice-skeleton">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h={36} />
            ))}
          </Stack>
        ) : list.error ? (
          <Stack p="md">
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          </Stack>
        ) : data && data.items.length === 0 ? (
          <EmptyState
            icon={<IconFileInvoice size={28} />}
            title={t('invoice.list.emptyTitle')}
            description={filtered ? t('invoice.list.emptyFiltered') : t('invoice.list.emptyText')}
            action={
              filtered ? (
                <Button variant="default" onClick={() => (setSearch(''), clear())}>
                  {t('invoice.list.clearFilters')}
                </Button>
              ) : (
                <Button component={Link} to={paths.dashboard.invoice.new.path} leftSection={<IconPlus size={16} />}>
                  {t('invoice.actions.new')}
                </Button>
              )
            }
          />
        ) : data ? (
          <InvoiceTable items={data.items} query={query} onSort={onSort} selected={selected} onSelect={setSelected} />
        ) : null}
      </Paper>

      {data && data.total > 0 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('invoice.list.range', {
              from: (data.page - 1) * data.pageSize + 1,
              to: Math.min(data.page * data.pageSize, data.total),
              total: data.total,
            })}
          </Text>
          <Group gap="sm">
            <Select
              aria-label={t('invoice.list.pageSize')}
              w={90}
              data={INVOICE_PAGE_SIZES.map(String)}
              value={String(query.pageSize)}
              allowDeselect={false}
              onChange={(size) => size && update({ pageSize: Number(size) })}
            />
            <PagePagination
              total={Math.ceil(data.total / data.pageSize)}
              value={query.page}
              onChange={(page) => update({ page }, false)}
              inline
            />

          </Group>
        </Group>
      ) : null}

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('invoice.confirmDelete.bulkTitle', { count: selected.length })}>
        <Stack>
          <Text size="sm">{t('invoice.confirmDelete.bulkText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('invoice.confirmDelete.keep')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('invoice.confirmDelete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
