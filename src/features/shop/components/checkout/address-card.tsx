import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { Address } from '../../../../../server/contracts/shop';
import { intlLocale } from '../money';
import classes from './checkout.module.css';

interface AddressCardProps {
  address: Address;
  selected: boolean;
  onChoose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  busy: boolean;
}

type Lines = Pick<Address, 'line1' | 'line2' | 'city' | 'region' | 'postcode' | 'country'>;

/** The address as printed lines, the country by its name in the page's language. */
export function addressLines(address: Lines, language: string) {
  let country = address.country;
  try {
    country = new Intl.DisplayNames([intlLocale(language)], { type: 'region' }).of(address.country) ?? country;
  } catch {
    // not a region code Intl knows: the code itself
  }
  return [
    address.line1,
    address.line2,
    [address.postcode, address.city].filter(Boolean).join(' '),
    [address.region, country].filter(Boolean).join(', '),
  ].filter(Boolean);
}

/** Lines the user typed, isolated so Latin text and numbers keep their order in Arabic. */
export function AddressLines({ address }: { address: Lines }) {
  const { i18n } = useTranslation();
  return addressLines(address, i18n.language).map((line) => (
    <Text key={line} size="sm">
      <bdi>{line}</bdi>
    </Text>
  ));
}

/** One address of the book: deliver here, edit, delete, make it the default. */
export function AddressCard({
  address,
  selected,
  onChoose,
  onEdit,
  onDelete,
  onMakeDefault,
  busy,
}: AddressCardProps) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.address}
      data-selected={selected || undefined}
      component="article"
      aria-label={address.name}
      data-testid="address-card"
    >
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={700}>
            <bdi>{address.name}</bdi>
          </Text>
          <Badge variant="light" color="gray">
            {t(`shop.checkout.address.${address.type}`)}
          </Badge>
          {address.isDefault ? <Badge variant="light">{t('shop.checkout.address.default')}</Badge> : null}
        </Group>
        <AddressLines address={address} />
        <Text size="sm" c="dimmed">
          <bdi dir="ltr">{address.phone}</bdi>
        </Text>
        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            variant={selected ? 'filled' : 'light'}
            leftSection={selected ? <IconCheck size={14} /> : undefined}
            onClick={onChoose}
            aria-label={t('shop.checkout.address.chooseNamed', { name: address.name })}
          >
            {t('shop.checkout.address.choose')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onEdit}
            aria-label={t('shop.checkout.address.editNamed', { name: address.name })}
          >
            {t('shop.checkout.address.edit')}
          </Button>
          {!address.isDefault ? (
            <Button size="xs" variant="subtle" onClick={onMakeDefault} disabled={busy}>
              {t('shop.checkout.address.makeDefaultShort')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onDelete}
            disabled={busy}
            aria-label={t('shop.checkout.address.deleteNamed', { name: address.name })}
          >
            {t('shop.checkout.address.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
