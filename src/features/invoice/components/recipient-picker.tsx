import { SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { searchPeople } from '../api/invoice-api';
import type { InvoiceFormValues } from './form-values';

/** A Clipdeck user from the directory (by name; emails are not shown here) or an outside
 *  name, email and address. Once the invoice is sent (`locked`) who it is for stays as it is;
 *  the name and address may still be corrected. */
export function RecipientPicker({
  form,
  locked = false,
}: {
  form: UseFormReturnType<InvoiceFormValues>;
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const v = form.values;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const people = useQuery({
    queryKey: ['invoices', 'people', debounced],
    queryFn: () => searchPeople(debounced),
    enabled: v.recipientKind === 'user' && !locked,
    staleTime: 30_000,
  });
  const data = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const lockedHint = locked ? t('invoice.form.recipientLocked') : undefined;
  if (v.recipientUserId && !data.some((d) => d.value === v.recipientUserId))
    data.unshift({ value: v.recipientUserId, label: v.recipientUserName || v.recipientUserId });

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('invoice.form.recipientKind')}
        value={v.recipientKind}
        disabled={locked}
        onChange={(kind) => form.setFieldValue('recipientKind', kind)}
        data={[
          { value: 'user', label: t('invoice.form.clipdeckUser') },
          { value: 'external', label: t('invoice.form.outside') },
        ]}
      />
      {v.recipientKind === 'user' ? (
        <Select
          label={t('invoice.form.person')}
          placeholder={t('invoice.form.personPlaceholder')}
          searchable
          required
          data={data}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={people.isFetching ? '…' : t('invoice.form.noPeople')}
          value={v.recipientUserId}
          disabled={locked}
          description={lockedHint}
          onChange={(id, option) => {
            form.setFieldValue('recipientUserId', id);
            form.setFieldValue('recipientUserName', option?.label ?? '');
          }}
          error={form.errors.recipientUserId}
        />
      ) : (
        <>
          <TextInput label={t('invoice.form.name')} required {...form.getInputProps('recipientName')} />
          <TextInput
            label={t('invoice.form.email')}
            type="email"
            required
            disabled={locked}
            description={lockedHint}
            {...form.getInputProps('recipientEmail')}
          />
        </>
      )}
      <Textarea
        label={t('invoice.form.address')}
        rows={2}
        {...form.getInputProps('recipientAddress')}
      />
    </Stack>
  );
}
