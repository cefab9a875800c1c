import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconReceiptOff, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { AppDatesProvider } from '@/components/ui/dates-provider';
import { PagePagination } from '@/components/ui/page-pagination';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';

import type {
  Transaction,
  TransactionKind,
  TransactionQuery,
} from '../../../../server/contracts/banking';
import { downloadTransactionsCsv, transactionsQuery } from '../api/banking-api';
import { formatMoney, intlLocale } from './money';
import classes from './transactions-table.module.css';

const PAGE_SIZE = 15;

/** Local midnight of a "YYYY-MM-DD" day, as an instant (the picker's days are the user's). */
const startOfDay = (day: string, plusDays = 0) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
};

const linkOf = (t: Transaction) =>
  t.source === 'invoice'
    ? paths.dashboard.invoice.details.href(t.id)
    : `${paths.dashboard.eCommerce.root.path}?order=${encodeURIComponent(t.id)}`;

/** The transactions of one currency: search, date range, income or spending, pages and CSV. */
export function TransactionsTable({ currency }: { currency: string }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [range, setRange] = useState<DatesRangeValue<string>>([null, null]);
  const [kind, setKind] = useState<'all' | TransactionKind>('all');
  const [page, setPage] = useState(1);
  const query: TransactionQuery = {
    currency,
    search: debounced,
    ...(range[0] ? { from: startOfDay(range[0]) } : {}),
    ...(range[1] ? { to: startOfDay(range[1], 1) } : {}),
    ...(kind !== 'all' ? { kind } : {}),
    page,
    pageSize: PAGE_SIZE,
  };
  const list = useQuery({ ...transactionsQuery(query), placeholderData: keepPreviousData });
  const exportCsv = useMutation({
    mutationFn: () => downloadTransactionsCsv(query),
    onSuccess: (name) => notify.success(t('banking.list.exported', { name })),
    onError: () => notify.error(t('banking.list.exportFailed')),
  });
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' }).format(
      new Date(iso),
    );
  const filtered = debounced !== '' || range[0] !== null || kind !== 'all';

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('banking.list.title')}
          </Title>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={exportCsv.isPending}
            disabled={!list.data || list.data.total === 0}
            onClick={() => exportCsv.mutate()}
          >
            {t('banking.list.export')}
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('banking.list.search')}
            placeholder={t('banking.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 220px' }}
          />
          <AppDatesProvider>
            <DatePickerInput
              classNames={{ placeholder: classes.datePlaceholder }}
              type="range"
              label={t('banking.list.dates')}
              placeholder={t('banking.list.anyDate')}
              value={range}
              onChange={(value) => {
                setRange(value);
                setPage(1);
              }}
              clearable
              w={{ base: '100%', xs: 260 }}
            />
          </AppDatesProvider>
          <SegmentedControl
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('banking.list.all') },
              { value: 'income', label: t('banking.figures.income') },
              { value: 'expense', label: t('banking.figures.expense') },
            ]}
            aria-label={t('banking.list.kind')}
          />
        </Group>
        <QueryState
          query={list}
          loading={
            <Stack gap="xs" aria-busy="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} h={44} />
              ))}
            </Stack>
          }
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState
              icon={<IconReceiptOff size={28} />}
              title={filtered ? t('banking.list.noMatchTitle') : t('banking.list.noneTitle')}
              description={filtered ? t('banking.list.noMatch') : t('banking.list.none')}
            />
          }
        >
          {(data) => (
            <>
              <Table.ScrollContainer minWidth={620}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('banking.list.date')}</Table.Th>
                      <Table.Th>{t('banking.list.details')}</Table.Th>
                      <Table.Th>{t('banking.list.type')}</Table.Th>
                      <Table.Th ta="end">{t('banking.list.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((row) => (
                      <Table.Tr key={`${row.source}:${row.id}:${row.kind}`}>
                        <Table.Td>
                          <Text size="sm">{date(row.at)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={linkOf(row)} size="sm" fw={600} dir="ltr">
                            {row.reference}
                          </Anchor>
                          <Text size="sm">
                            {row.source === 'order' ? t('banking.list.shop') : row.counterparty}
                          </Text>
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {row.description}
                            {row.moreLines > 0
                              ? ` ${t('banking.list.moreLines', { count: row.moreLines })}`
                              : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={row.kind === 'income' ? 'teal' : 'red'}>
                            {row.kind === 'income'
                              ? t('banking.figures.income')
                              : t('banking.figures.expense')}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="end">
                          <Text
                            size="sm"
                            fw={600}
                            className={row.kind === 'income' ? classes.income : classes.expense}
                            dir="ltr"
                            style={{ whiteSpace: 'nowrap' }}
                          >
                            {row.kind === 'income' ? '+' : '−'}
                            {formatMoney(row.amount, row.currency, i18n.language)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <PagePagination
                total={Math.ceil(data.total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                scrollToTop={false}
              />
            </>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
