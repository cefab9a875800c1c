import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { CurrencySummary } from '../../../../server/contracts/banking';
import { formatMoney } from './money';

function Card({
  label,
  value,
  icon,
  color,
  hint,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
  hint?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={26} fw={700} truncate dir="ltr" ta="start">
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="xl" aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** Balance, income and spending of one currency, all time. */
export function BalanceCards({ summary }: { summary: CurrencySummary }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, summary.currency, i18n.language);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      <Card
        label={t('banking.figures.balance')}
        value={money(summary.balance)}
        icon={<IconWallet size={22} />}
        color={summary.balance < 0 ? 'red' : 'blue'}
        hint={t('banking.figures.transactions', { count: summary.transactions })}
      />
      <Card
        label={t('banking.figures.income')}
        value={money(summary.income)}
        icon={<IconArrowDownLeft size={22} />}
        color="teal"
      />
      <Card
        label={t('banking.figures.expense')}
        value={money(summary.expense)}
        icon={<IconArrowUpRight size={22} />}
        color="red"
      />
    </SimpleGrid>
  );
}
