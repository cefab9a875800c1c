import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { BillingPeriod } from '../../../../server/contracts/plans';
import { CtaBand } from '../components/cta-band';
import { usePageMeta } from '../components/page-meta';
import { BillingSwitch } from '../components/pricing/billing-switch';
import { PlanCards } from '../components/pricing/plan-cards';
import { PlanComparison } from '../components/pricing/plan-comparison';
import { PublicHero } from '../components/public-hero';

const QUESTIONS = ['1', '2', '3'];

export default function PricingPage() {
  const { t } = useTranslation();
  usePageMeta('pricing');
  const [billing, setBilling] = useState<BillingPeriod>('monthly');
  return (
    <>
      <PublicHero eyebrow={t('marketing.pricing.eyebrow')} title={t('marketing.pricing.title')} lead={t('marketing.pricing.lead')}>
        <BillingSwitch value={billing} onChange={setBilling} />
      </PublicHero>
      <Container size="lg" pb={64}>
        <Stack gap={64}>
          <PlanCards billing={billing} />
          <PlanComparison />
          <section aria-labelledby="plan-questions">
            <Title order={2} id="plan-questions" ta="center" mb="lg">
              {t('marketing.pricing.questions.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
              {QUESTIONS.map((n) => (
                <Stack key={n} gap={6}>
                  <Title order={3} size="h5">
                    {t(`marketing.pricing.questions.q${n}`)}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {t(`marketing.pricing.questions.a${n}`)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </Container>
      <CtaBand title={t('marketing.pricing.ctaTitle')} body={t('marketing.pricing.ctaBody')} />
    </>
  );
}
