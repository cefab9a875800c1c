// The checkout (docs/product-rules.md#shop-cart-and-checkout): activeStep starts at 0 (cart), then
// the billing address, then delivery and payment, then the order placed; next, back, and a jump to
// an earlier step (the stepper). Reset clears the cart, billing and totals and returns to step 0.
// The step persists (persist.ts); the cart is the device's mirror, so the first two steps work
// offline.
import { Button, Group, Modal, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { db } from '@/lib/db';
import { notify } from '@/lib/notify';
import { startSyncEngine } from '@/lib/sync/engine';
import { syncStatusStore } from '@/lib/sync/status';

import { cartErrorMessage } from '../components/cart-limit-message';
import { BillingStep } from '../components/checkout/billing-step';
import { CartStep } from '../components/checkout/cart-step';
import classes from '../components/checkout/checkout.module.css';
import { ConfirmationStep } from '../components/checkout/confirmation-step';
import { PaymentStep } from '../components/checkout/payment-step';
import { resetCart, useCart } from '../local/cart-store';
import { useCheckoutState } from '../local/checkout-state';

const STEPS = ['cart', 'billing', 'payment'] as const;

export default function CheckoutPage() {
  const { t } = useTranslation();
  const view = useCart();
  const [state, setState] = useCheckoutState();
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);

  const lastSync = useLiveQuery(() => db.meta.get('lastSyncAt'), []);
  const status = useSyncExternalStore(
    (listener) => syncStatusStore.subscribe(listener),
    () => syncStatusStore.get(),
  );
  useEffect(() => startSyncEngine({ first: ['cart'] }), []);

  const placed = state.activeStep === 3 && state.orderId ? state.orderId : null;
  const empty = view ? view.cart.items.length === 0 : false;
  // a device that never synced waits for the first pull before saying the cart is empty
  const firstPull = empty && !lastSync && status.online && !status.lastError;
  // a step past the cart needs a cart; past the billing step, a billing address
  let step = placed ? 3 : Math.min(state.activeStep, 2);
  if (!placed && empty) step = 0;
  if (step === 2 && view && !view.cart.billing) step = 1;
  const goTo = (activeStep: number) => setState({ activeStep, orderKey: state.orderKey });

  const reset = async () => {
    setResetting(true);
    try {
      await resetCart();
      setState({ activeStep: 0 });
      setConfirmReset(false);
    } catch (error) {
      notify.error(cartErrorMessage(t, error));
    } finally {
      setResetting(false);
    }
  };

  let content;
  if (placed) content = <ConfirmationStep orderId={placed} onDone={() => setState({ activeStep: 0 })} />;
  else if (!view || firstPull) content = <Skeleton h={320} radius="md" data-testid="checkout-loading" />;
  else if (step === 0) content = <CartStep view={view} onNext={() => goTo(1)} />;
  else if (step === 1) content = <BillingStep view={view} onBack={() => goTo(0)} onNext={() => goTo(2)} />;
  else
    content = (
      <PaymentStep
        view={view}
        onBack={() => goTo(1)}
        onEditBilling={() => goTo(1)}
        onPlaced={(order) => setState({ activeStep: 3, orderId: order.id })}
      />
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('shop.checkout.title')}
        </Title>
        {!placed && view && (!empty || view.cart.billing) ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconRefresh size={16} />}
            onClick={() => setConfirmReset(true)}
          >
            {t('shop.checkout.reset')}
          </Button>
        ) : null}
      </Group>
      <Stepper
        active={step}
        onStepClick={(index) => {
          if (index < step && !placed) goTo(index);
        }}
        allowNextStepsSelect={false}
        size="sm"
        classNames={{ stepBody: classes.stepBody }}
      >
        {STEPS.map((name, index) => (
          <Stepper.Step
            key={name}
            label={t(`shop.checkout.steps.${name}`)}
            allowStepSelect={index < step && !placed}
          />
        ))}
      </Stepper>
      {content}
      <Modal opened={confirmReset} onClose={() => setConfirmReset(false)} title={t('shop.checkout.resetTitle')}>
        <Text mb="md">{t('shop.checkout.resetBody')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmReset(false)}>
            {t('shop.checkout.cancel')}
          </Button>
          <Button color="red" loading={resetting} onClick={() => void reset()}>
            {t('shop.checkout.resetConfirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
