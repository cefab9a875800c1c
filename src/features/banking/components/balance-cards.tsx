import { SimpleGrid } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { StatCard } from '@/components/ui/stat-card';

import type { CurrencySummary } from '../../../../server/contracts/banking';
import { formatMoney } from './money';

/** Balance, income and spending of one currency, all time. */
export function BalanceCards({ summary }: { summary: CurrencySummary }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, summary.currency, i18n.language);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      <StatCard
        ltr
        label={t('banking.figures.balance')}
        value={money(summary.balance)}
        icon={<IconWallet size={22} />}
        color={summary.balance < 0 ? 'red' : 'blue'}
        hint={t('banking.figures.transactions', { count: summary.transactions })}
      />
      <StatCard
        ltr
        label={t('banking.figures.income')}
        value={money(summary.income)}
        icon={<IconArrowDownLeft size={22} />}
        color="teal"
      />
      <StatCard
        ltr
        label={t('banking.figures.expense')}
        value={money(summary.expense)}
        icon={<IconArrowUpRight size={22} />}
        color="red"
      />
    </SimpleGrid>
  );
}
