import { Container, Grid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';

import type { PlanIntentReceipt } from '../../../../server/contracts/public';
import { usePageMeta } from '../components/page-meta';
import { OrderSummary } from '../components/payment/order-summary';
import { PlanCheckoutForm } from '../components/payment/plan-checkout-form';
import { initialCheckout, type PlanCheckoutValues } from '../components/payment/plan-checkout-values';
import { PublicHero } from '../components/public-hero';

export const integrationHref = (receipt: PlanIntentReceipt) =>
  `${paths.integrationComplete.path}?${new URLSearchParams({
    plan: receipt.plan,
    billing: receipt.billing,
    seats: String(receipt.seats),
    reference: receipt.reference,
  }).toString()}`;

export default function PaymentPage() {
  const { t } = useTranslation();
  usePageMeta('payment');
  const { search } = useLocation();
  const navigate = useNavigate();
  const [initial] = useState(() => initialCheckout(search));
  const [values, setValues] = useState(initial);
  const seats = typeof values.seats === 'number' ? values.seats : Number.NaN;
  return (
    <>
      <PublicHero
        size="sm"
        eyebrow={t('marketing.payment.eyebrow')}
        title={t('marketing.payment.title', { plan: t(`marketing.pricing.plans.${values.plan}.name`) })}
        lead={t('marketing.payment.lead')}
      />
      <Container size="lg" pb={64}>
        <Grid gap={{ base: 'lg', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <PlanCheckoutForm
              initialValues={initial}
              onChange={(next: PlanCheckoutValues) => setValues(next)}
              onDone={(receipt) => void navigate(integrationHref(receipt))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary plan={values.plan} billing={values.billing} seats={seats} />
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
