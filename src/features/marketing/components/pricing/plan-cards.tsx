import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { PLAN_IDS, PLANS, type BillingPeriod, type PlanId } from '../../../../../server/contracts/plans';
import { dollars, monthlyEquivalent } from './plan-price';
import classes from './pricing.module.css';

export const paymentHref = (plan: PlanId, billing: BillingPeriod) =>
  `${paths.payment.path}?plan=${plan}&billing=${billing}`;

function PlanCard({ plan, billing }: { plan: PlanId; billing: BillingPeriod }) {
  const { t } = useTranslation();
  const popular = plan === 'team';
  const price = monthlyEquivalent(plan, billing);
  const name = t(`marketing.pricing.plans.${plan}.name`);
  return (
    <Card withBorder radius="lg" padding="xl" className={classes.plan} data-popular={popular || undefined}>
      <Stack gap="md" h="100%">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {name}
          </Title>
          {popular ? <Badge>{t('marketing.pricing.popular')}</Badge> : null}
        </Group>
        <Text c="dimmed" size="sm" mih={40}>
          {t(`marketing.pricing.plans.${plan}.tagline`)}
        </Text>
        <div>
          <Group gap={6} align="baseline">
            <Text className={classes.price}>{price === 0 ? t('marketing.pricing.free') : dollars(price)}</Text>
            {price > 0 ? (
              <Text c="dimmed" size="sm">
                {t('marketing.common.perUserMonth')}
              </Text>
            ) : null}
          </Group>
          <Text c="dimmed" size="xs" mih={18}>
            {price === 0
              ? t('marketing.pricing.upTo', { max: PLANS[plan].maxSeats })
              : billing === 'yearly'
                ? t('marketing.pricing.billedYearly', { total: dollars(PLANS[plan].yearly) })
                : t('marketing.pricing.billedMonthly')}
          </Text>
        </div>
        <Button component={Link} to={paymentHref(plan, billing)} variant={popular ? 'filled' : 'default'} size="md" fullWidth>
          {t('marketing.pricing.choose', { plan: name })}
        </Button>
        <List
          spacing="xs"
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="green">
              <IconCheck size={14} aria-hidden="true" />
            </ThemeIcon>
          }
        >
          {t(`marketing.pricing.plans.${plan}.points`)
            .split('|')
            .map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
        </List>
      </Stack>
    </Card>
  );
}

export function PlanCards({ billing }: { billing: BillingPeriod }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {PLAN_IDS.map((plan) => (
        <PlanCard key={plan} plan={plan} billing={billing} />
      ))}
    </SimpleGrid>
  );
}
