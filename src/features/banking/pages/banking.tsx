import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBuildingBank, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';

import { summaryQuery } from '../api/banking-api';
import { BalanceCards } from '../components/balance-cards';
import { CashFlowChart } from '../components/cash-flow-chart';
import { TransactionsTable } from '../components/transactions-table';

/** /dashboard/banking: the user's money from their invoices and shop orders. */
export default function BankingPage() {
  const { t } = useTranslation();
  const summary = useQuery(summaryQuery());
  const [currency, setCurrency] = useState<string | null>(null);
  useEffect(() => {
    const previous = document.title;
    document.title = `${t('banking.nav.title')} · Clipdeck`;
    return () => {
      document.title = previous;
    };
  }, [t]);

  const data = summary.data;
  const chosen =
    data?.currencies.find((c) => c.currency === currency) ?? data?.currencies[0] ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            {t('banking.nav.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('banking.intro')}
          </Text>
        </div>
        {data && data.currencies.length > 1 ? (
          <SegmentedControl
            value={chosen?.currency ?? ''}
            onChange={setCurrency}
            data={data.currencies.map((c) => c.currency)}
            aria-label={t('banking.currency')}
          />
        ) : null}
      </Group>
      <QueryState
        query={summary}
        loading={
          <Stack gap="lg" aria-busy="true">
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={100} radius="lg" />
              ))}
            </SimpleGrid>
            <Skeleton h={340} radius="lg" />
            <Skeleton h={280} radius="lg" />
          </Stack>
        }
        isEmpty={() => !chosen}
        empty={
          <EmptyState
            icon={<IconBuildingBank size={28} />}
            title={t('banking.empty.title')}
            description={t('banking.empty.text')}
            action={
              <Group justify="center">
                <Button component={Link} to={paths.dashboard.invoice.new.path}>
                  {t('banking.empty.invoice')}
                </Button>
                <Button component={Link} to={paths.dashboard.eCommerce.shop.path} variant="default">
                  {t('banking.empty.shop')}
                </Button>
              </Group>
            }
          />
        }
      >
        {() =>
          chosen && (
            <>
              {data && data.currencies.length > 1 ? (
                <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
                  {t('banking.currencyNote', {
                    shown: chosen.currency,
                    others: data.currencies
                      .filter((c) => c.currency !== chosen.currency)
                      .map((c) => c.currency)
                      .join(', '),
                  })}
                </Alert>
              ) : null}
              <BalanceCards summary={chosen} />
              <CashFlowChart summary={chosen} />
              <TransactionsTable key={chosen.currency} currency={chosen.currency} />
              <Text size="xs" c="dimmed">
                {t('banking.sources')}
              </Text>
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
