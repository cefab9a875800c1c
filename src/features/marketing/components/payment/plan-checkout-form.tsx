import { Alert, Button, NumberInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CardFields } from '@/components/ui/card-fields';

import { PLAN_IDS, PLANS } from '../../../../../server/contracts/plans';
import { planIntentSchema, type PlanIntentReceipt } from '../../../../../server/contracts/public';
import { useChoosePlan } from '../../api/choose-plan';
import { fieldErrors } from '../field-errors';
import { submitError } from '../submit-error';
import { CHECKOUT_LABELS, isPaid, toPlanIntent, type PlanCheckoutValues } from './plan-checkout-values';

/** The plan checkout: plan, billing, users, who you are and (for a paid plan) a card, checked
 *  with the server's schema (the shop's card checks). Nothing is charged. A failed submit keeps
 *  every value and says why. */
export function PlanCheckoutForm({
  initialValues,
  onChange,
  onDone,
}: {
  initialValues: PlanCheckoutValues;
  onChange: (values: PlanCheckoutValues) => void;
  onDone: (receipt: PlanIntentReceipt) => void;
}) {
  const { t } = useTranslation();
  const choose = useChoosePlan();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PlanCheckoutValues>({
    initialValues,
    validate: (values) => fieldErrors(planIntentSchema, toPlanIntent(values), t, CHECKOUT_LABELS),
    onValuesChange: onChange,
  });
  const paid = isPaid(form.values.plan);
  const maxSeats = PLANS[form.values.plan].maxSeats;

  const submit = form.onSubmit((values) => {
    setFormError(null);
    choose.mutate(toPlanIntent(values), {
      onSuccess: onDone,
      onError: (error) => {
        const mapped = submitError(error, t);
        form.setErrors(mapped.fields);
        setFormError(mapped.message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="checkout-title">
      <Stack gap="lg">
        <Title order={2} size="h4" id="checkout-title">
          {t('marketing.payment.plan')}
        </Title>
        <SegmentedControl
          aria-label={t('marketing.payment.plan')}
          fullWidth
          data={PLAN_IDS.map((plan) => ({ value: plan, label: t(`marketing.pricing.plans.${plan}.name`) }))}
          {...form.getInputProps('plan')}
        />
        <SegmentedControl
          aria-label={t('marketing.payment.billing')}
          fullWidth
          data={[
            { value: 'monthly', label: t('marketing.pricing.monthly') },
            { value: 'yearly', label: t('marketing.pricing.yearly') },
          ]}
          {...form.getInputProps('billing')}
        />
        <NumberInput
          label={t('marketing.payment.seats')}
          description={t('marketing.payment.seatsHint', { max: maxSeats })}
          min={1}
          max={maxSeats}
          allowDecimal={false}
          required
          {...form.getInputProps('seats')}
        />
        <Title order={2} size="h4">
          {t('marketing.payment.you')}
        </Title>
        <TextInput label={t('marketing.payment.name')} autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput label={t('marketing.payment.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <TextInput label={t('marketing.payment.company')} autoComplete="organization" {...form.getInputProps('company')} />
        <Title order={2} size="h4">
          {t('marketing.payment.card')}
        </Title>
        {paid ? (
          <CardFields
            inputProps={(field) => form.getInputProps(`payment.${field}`)}
            setValue={(field, value) => form.setFieldValue(`payment.${field}`, value)}
          />

        ) : (
          <Text c="dimmed">{t('marketing.payment.noCardFree')}</Text>
        )}
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <Button type="submit" size="md" loading={choose.isPending}>
          {paid
            ? t('marketing.payment.submit', { plan: t(`marketing.pricing.plans.${form.values.plan}.name`) })
            : t('marketing.payment.submitFree')}
        </Button>
      </Stack>
    </form>
  );
}
