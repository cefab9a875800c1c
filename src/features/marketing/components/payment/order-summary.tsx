import { Alert, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '@/lib/i18n';

import { PLANS, planTotal, type BillingPeriod, type PlanId } from '../../../../../server/contracts/plans';
import { dollars } from '../pricing/plan-price';

export function OrderSummary({ plan, billing, seats }: { plan: PlanId; billing: BillingPeriod; seats: number }) {
  const { t } = useTranslation();
  const validSeats = Number.isInteger(seats) && seats >= 1 && seats <= PLANS[plan].maxSeats ? seats : 0;
  const period = t(billing === 'yearly' ? 'marketing.payment.periodYear' : 'marketing.payment.periodMonth');
  return (
    <Paper withBorder radius="lg" p="lg" component="aside" aria-labelledby="summary-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="summary-title">
          {t('marketing.payment.summary')}
        </Title>
        <Group justify="space-between">
          <Text c="dimmed">{t('marketing.payment.plan')}</Text>
          <Text fw={600}>{t(`marketing.pricing.plans.${plan}.name`)}</Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">{t('marketing.payment.billing')}</Text>
          <Text fw={600}>{t(billing === 'yearly' ? 'marketing.pricing.yearly' : 'marketing.pricing.monthly')}</Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">{t('marketing.payment.pricePerUser')}</Text>
          <Text fw={600}>{dollars(PLANS[plan][billing])}</Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">{t('marketing.payment.seats')}</Text>
          <Text fw={600}>{validSeats ? formatNumber(validSeats) : '—'}</Text>
        </Group>
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{t('marketing.payment.total', { period })}</Text>
          <Text fw={800} fz="xl" data-testid="plan-total">
            {dollars(planTotal(plan, billing, validSeats))}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('marketing.payment.charged')}
        </Text>
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} title={t('marketing.common.noMoneyTitle')}>
          {t('marketing.common.noMoneyBody')}
        </Alert>
      </Stack>
    </Paper>
  );
}
