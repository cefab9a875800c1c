import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceCurrency } from '../../../../server/contracts/invoice';
import type { InvoiceTotals } from '../../../../server/contracts/invoice-totals';
import { useInvoiceFormat } from './use-invoice-format';

interface TotalsSummaryProps {
  totals: InvoiceTotals;
  currency: InvoiceCurrency;
  taxRate: number;
}

/** Subtotal, discount, shipping, tax and total, as the form shows them live and the page prints. */
export function TotalsSummary({ totals, currency, taxRate }: TotalsSummaryProps) {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const row = (label: string, amount: number, testId: string) => (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} ff="monospace">
        {f.money(amount, currency)}
      </Text>
    </Group>
  );
  return (
    <Stack gap={6} miw={260} aria-label={t('invoice.totals.total')}>
      {row(t('invoice.totals.subtotal'), totals.subtotal, 'total-subtotal')}
      {row(t('invoice.totals.discount'), totals.discount, 'total-discount')}
      {row(t('invoice.totals.shipping'), totals.shipping, 'total-shipping')}
      {row(t('invoice.totals.tax', { rate: f.rate(taxRate) }), totals.tax, 'total-tax')}
      <Divider />
      <Group justify="space-between" gap="xl" wrap="nowrap">
        <Text fw={700}>{t('invoice.totals.total')}</Text>
        <Text fw={700} size="lg" data-testid="total-total" ff="monospace">
          {f.money(totals.total, currency)}
        </Text>
      </Group>
    </Stack>
  );
}
