import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconCloudOff, IconLock } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useOnline } from '@/lib/use-online';

import type { Order } from '../../../../../server/contracts/shop';
import type { CartView } from '../../local/cart-store';
import { CheckoutError, placeOrder } from '../../local/place-order';
import { formatMoney } from '../money';
import { AddressLines } from './address-card';
import { CardForm, emptyCard, type CardValues } from './card-form';
import classes from './checkout.module.css';
import { DeliveryOptions } from './delivery-options';
import { checkPayment, translateErrors } from './form-errors';
import { cartCurrency, OrderSummary } from './order-summary';

const CARD_FIELDS = ['holder', 'number', 'expiry', 'cvc'] as const;

interface PaymentStepProps {
  view: CartView;
  onBack: () => void;
  onEditBilling: () => void;
  onPlaced: (order: Order) => void;
}

/** Step 2: delivery and payment, then the order — placed once, whatever the clicks. */
export function PaymentStep({ view, onBack, onEditBilling, onPlaced }: PaymentStepProps) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const form = useForm<CardValues>({
    initialValues: emptyCard(),
    validate: (values) => translateErrors(t, checkPayment(values).errors ?? {}),
  });
  const [pending, setPending] = useState(false);
  const placing = useRef(false);
  const [problem, setProblem] = useState<CheckoutError | null>(null);
  const [deliveryError, setDeliveryError] = useState<string | null>(null);
  const { cart, totals } = view;
  const billing = cart.billing;

  const submit = async () => {
    if (placing.current) return;
    const noDelivery = !cart.delivery;
    setDeliveryError(noDelivery ? t('shop.checkout.delivery.required') : null);
    const card = checkPayment(form.values);
    if (form.validate().hasErrors || noDelivery || !card.data) return;
    placing.current = true;
    setPending(true);
    setProblem(null);
    try {
      onPlaced(await placeOrder(card.data));
    } catch (error) {
      const refused = error instanceof CheckoutError ? error : new CheckoutError('unreachable');
      for (const [field] of Object.entries(refused.fields)) {
        const name = field.replace(/^payment\./, '');
        if ((CARD_FIELDS as readonly string[]).includes(name))
          form.setFieldError(name, t(`shop.checkout.errors.${name}Invalid`));
      }
      setProblem(refused);
    } finally {
      placing.current = false;
      setPending(false);
    }
  };

  const detail = problem && (problem.problem === 'stock' || problem.problem === 'invalid')
    ? (Object.values(problem.fields).find((v) => typeof v === 'string') ?? problem.message)
    : null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="lg">
            <DeliveryOptions cart={cart} error={deliveryError} />
            <div>
              <Title order={2} size="h4" mb="sm">
                {t('shop.checkout.payment.title')}
              </Title>
              <CardForm form={form} />
            </div>
            {!online ? (
              <Alert color="orange" icon={<IconCloudOff size={18} />} title={t('shop.checkout.problems.offlineTitle')} role="alert">
                {t('shop.checkout.problems.offline')}
              </Alert>
            ) : null}
            {problem ? (
              <Alert color="red" title={t('shop.checkout.problems.title')} role="alert" data-testid="checkout-problem">
                <Text size="sm">{t(`shop.checkout.problems.${problem.problem}`)}</Text>
                {detail ? (
                  <Text size="sm" c="dimmed" mt={4}>
                    {detail}
                  </Text>
                ) : null}
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} className={classes.mirrorInRtl} />}
                onClick={onBack}
                disabled={pending}
              >
                {t('shop.checkout.back')}
              </Button>
              <Button type="submit" size="md" leftSection={<IconLock size={18} />} loading={pending} disabled={!online}>
                {t('shop.checkout.payment.place', {
                  total: formatMoney(totals.total, cartCurrency(cart), i18n.language),
                })}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="billing-summary">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h5" id="billing-summary">
                {t('shop.checkout.address.billTo')}
              </Title>
              <Anchor component="button" type="button" size="sm" onClick={onEditBilling}>
                {t('shop.checkout.address.change')}
              </Anchor>
            </Group>
            {billing ? (
              <>
                <Text fw={600}>
                  <bdi>{billing.name}</bdi>
                </Text>
                <AddressLines address={billing} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('shop.checkout.address.none')}
              </Text>
            )}
          </Paper>
          <OrderSummary cart={cart} totals={totals} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
