import {
  Button,
  Grid,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconMapPinPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { notify } from '@/lib/notify';

import type { Address, AddressInput } from '../../../../../server/contracts/shop';
import {
  addressesQuery,
  createAddress,
  deleteAddress,
  updateAddress,
} from '../../api/checkout-api';
import { setBilling, type CartView } from '../../local/cart-store';
import { cartErrorMessage } from '../cart-limit-message';
import { AddressCard } from './address-card';
import { AddressForm, emptyAddress } from './address-form';
import classes from './checkout.module.css';
import { OrderSummary } from './order-summary';

const withoutId = ({ id: _id, ...address }: Address): AddressInput => address;

/** Step 1: the billing address, from the user's address book (pick, add, edit, delete, default). */
export function BillingStep({
  view,
  onBack,
  onNext,
}: {
  view: CartView;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const addresses = useQuery(addressesQuery());
  const [form, setForm] = useState<{ address: Address | null } | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const billingId = view.cart.billing?.id ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressesQuery().queryKey });

  const choose = async (address: Address) => {
    try {
      await setBilling(address);
      onNext();
    } catch (error) {
      notify.error(cartErrorMessage(t, error));
    }
  };
  const save = async (input: AddressInput) => {
    const editing = form?.address;
    const { address } = editing
      ? await updateAddress(editing.id, input)
      : await createAddress(input);
    await refresh();
    setForm(null);
    notify.success(t('shop.checkout.address.saved', { name: address.name }));
    // the cart keeps a copy of its billing address: an edit of that address reaches it too
    if (editing && editing.id === billingId) await setBilling(address);
    if (!editing && !billingId) await setBilling(address);
  };
  const makeDefault = useMutation({
    mutationFn: (address: Address) =>
      updateAddress(address.id, { ...withoutId(address), isDefault: true }),
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (address: Address) => deleteAddress(address.id),
    onSuccess: async (_answer, address) => {
      setDeleting(null);
      await refresh();
      if (address.id === billingId) await setBilling(null);
    },
  });

  const book = (
    <QueryState
      query={addresses}
      loading={
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="addresses-loading">
          <Skeleton h={170} radius="md" />
          <Skeleton h={170} radius="md" />
        </SimpleGrid>
      }
      isEmpty={(data) => data.addresses.length === 0}
      empty={
        <EmptyState
          icon={<IconMapPinPlus size={28} />}
          title={t('shop.checkout.address.emptyTitle')}
          description={t('shop.checkout.address.emptyBody')}
          action={
            <Button onClick={() => setForm({ address: null })}>
              {t('shop.checkout.address.add')}
            </Button>
          }
        />
      }
    >
      {(data) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {data.addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              selected={address.id === billingId}
              busy={makeDefault.isPending || remove.isPending}
              onChoose={() => void choose(address)}
              onEdit={() => setForm({ address })}
              onDelete={() => setDeleting(address)}
              onMakeDefault={() => makeDefault.mutate(address)}
            />
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('shop.checkout.address.title')}
            </Title>
            {addresses.data?.addresses.length ? (
              <Button
                variant="light"
                leftSection={<IconMapPinPlus size={16} />}
                onClick={() => setForm({ address: null })}
              >
                {t('shop.checkout.address.add')}
              </Button>
            ) : null}
          </Group>
          {book}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} className={classes.mirrorInRtl} />}
              onClick={onBack}
            >
              {t('shop.checkout.back')}
            </Button>
            {billingId ? (
              <Button
                rightSection={<IconArrowRight size={16} className={classes.mirrorInRtl} />}
                onClick={onNext}
              >
                {t('shop.checkout.continue')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <OrderSummary cart={view.cart} totals={view.totals} />
      </Grid.Col>

      <Modal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={t(
          form?.address ? 'shop.checkout.address.editTitle' : 'shop.checkout.address.newTitle',
        )}
        size="lg"
      >
        {form ? (
          <AddressForm
            initial={
              form.address
                ? withoutId(form.address)
                : { ...emptyAddress(), isDefault: !addresses.data?.addresses.length }
            }
            submitLabel={t('shop.checkout.address.save')}
            onSubmit={save}
            onCancel={() => setForm(null)}
          />
        ) : null}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('shop.checkout.address.deleteTitle')}
      >
        <Text mb="md">{t('shop.checkout.address.deleteBody', { name: deleting?.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('shop.checkout.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting)}
          >
            {t('shop.checkout.address.delete')}
          </Button>
        </Group>
      </Modal>
    </Grid>
  );
}
