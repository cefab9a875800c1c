import {
  Alert,
  Button,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiRequestError } from '@/lib/api-client';

import type { AddressInput } from '../../../../../server/contracts/shop';
import { intlLocale } from '../money';
import { checkAddress, translateErrors } from './form-errors';

/** Countries offered (ISO 3166 codes; the names come from Intl in the page's language). */
const COUNTRIES = [
  'AE', 'AR', 'AT', 'AU', 'BE', 'BR', 'CA', 'CH', 'CN', 'CZ', 'DE', 'DK', 'EG', 'ES', 'FI',
  'FR', 'GB', 'GR', 'HK', 'ID', 'IE', 'IL', 'IN', 'IT', 'JP', 'KE', 'KR', 'MA', 'MX', 'MY',
  'NG', 'NL', 'NO', 'NZ', 'PH', 'PL', 'PT', 'QA', 'SA', 'SD', 'SE', 'SG', 'TH', 'TR', 'TW',
  'UA', 'US', 'VN', 'ZA',
];

export const emptyAddress = (): AddressInput => ({
  name: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postcode: '',
  country: '',
  type: 'home',
  isDefault: false,
});

interface AddressFormProps {
  initial: AddressInput;
  submitLabel: string;
  onSubmit: (address: AddressInput) => Promise<unknown>;
  onCancel: () => void;
}

/** An address of the book, checked with the server's schema; a server refusal naming a field
 *  shows on it, and nothing typed is lost. */
export function AddressForm({ initial, submitLabel, onSubmit, onCancel }: AddressFormProps) {
  const { t, i18n } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AddressInput>({
    initialValues: initial,
    validate: (values) => translateErrors(t, checkAddress(values).errors ?? {}),
  });
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([intlLocale(i18n.language)], { type: 'region' });
    return COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
      a.label.localeCompare(b.label, intlLocale(i18n.language)),
    );
  }, [i18n.language]);

  const submit = form.onSubmit(async (values) => {
    const checked = checkAddress(values);
    if (!checked.data) return;
    setSaving(true);
    setFormError(null);
    try {
      await onSubmit(checked.data);
    } catch (error) {
      if (error instanceof ApiRequestError) form.setErrors(error.fields);
      setFormError(t('shop.checkout.address.saveFailed'));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('shop.checkout.address.name')}
            autoComplete="name"
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('shop.checkout.address.phone')}
            autoComplete="tel"
            type="tel"
            dir="ltr"
            required
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <TextInput
          label={t('shop.checkout.address.line1')}
          autoComplete="address-line1"
          required
          {...form.getInputProps('line1')}
        />
        <TextInput
          label={t('shop.checkout.address.line2')}
          autoComplete="address-line2"
          {...form.getInputProps('line2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('shop.checkout.address.city')}
            autoComplete="address-level2"
            required
            {...form.getInputProps('city')}
          />
          <TextInput
            label={t('shop.checkout.address.region')}
            autoComplete="address-level1"
            {...form.getInputProps('region')}
          />
          <TextInput
            label={t('shop.checkout.address.postcode')}
            autoComplete="postal-code"
            required
            {...form.getInputProps('postcode')}
          />
          <Select
            label={t('shop.checkout.address.country')}
            data={countries}
            searchable
            required
            autoComplete="country"
            nothingFoundMessage={t('shop.checkout.address.noCountry')}
            {...form.getInputProps('country')}
            onChange={(value: string | null) => form.setFieldValue('country', value ?? '')}
          />
        </SimpleGrid>
        <Radio.Group label={t('shop.checkout.address.type')} {...form.getInputProps('type')}>
          <Group mt={6}>
            <Radio value="home" label={t('shop.checkout.address.home')} />
            <Radio value="office" label={t('shop.checkout.address.office')} />
          </Group>
        </Radio.Group>
        <Checkbox
          label={t('shop.checkout.address.makeDefault')}
          {...form.getInputProps('isDefault', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t('shop.checkout.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
