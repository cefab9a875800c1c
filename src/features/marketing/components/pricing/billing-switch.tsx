import { Badge, Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { BillingPeriod } from '../../../../../server/contracts/plans';

export function BillingSwitch({ value, onChange }: { value: BillingPeriod; onChange: (value: BillingPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="center" gap="sm">
      <SegmentedControl
        aria-label={t('marketing.pricing.billing')}
        value={value}
        onChange={(next) => onChange(next === 'yearly' ? 'yearly' : 'monthly')}
        data={[
          { value: 'monthly', label: t('marketing.pricing.monthly') },
          { value: 'yearly', label: t('marketing.pricing.yearly') },
        ]}
        size="md"
        radius="xl"
      />
      <Badge variant="light" color="green" size="lg">
        {t('marketing.pricing.yearlySaving')}
      </Badge>
    </Group>
  );
}
