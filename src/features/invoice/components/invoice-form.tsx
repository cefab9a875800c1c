import { Alert, Button, Grid, Group, NumberInput, Paper, Select, Stack, Textarea, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDatesProvider } from '@/components/ui/dates-provider';
import { ApiRequestError, getErrorMessage } from '@/lib/api-client';

import { INVOICE_CURRENCIES, type InvoiceInput } from '../../../../server/contracts/invoice';
import { currencyExponent } from '../../../../server/contracts/invoice-totals';
import { formPath, liveTotals, validateInvoiceForm, type InvoiceFormValues } from './form-values';
import { LineItemsEditor } from './line-items-editor';
import { RecipientPicker } from './recipient-picker';
import { TotalsSummary } from './totals-summary';

interface InvoiceFormProps {
  initial: InvoiceFormValues;
  submitLabel: string;
  onSubmit: (input: InvoiceInput) => Promise<unknown>;
  /** a sent invoice: its recipient cannot change (the server refuses it too) */
  recipientLocked?: boolean;
}

/** The invoice form: the server's own schema checks it before it is sent, totals follow every
 *  keystroke through the shared totals function, and a refused save keeps everything typed
 *  and puts the server's field errors on their fields. */
export function InvoiceForm({ initial, submitLabel, onSubmit, recipientLocked = false }: InvoiceFormProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InvoiceFormValues>({
    initialValues: initial,
    validate: (values) => validateInvoiceForm(values).errors ?? {},
  });
  const v = form.values;
  const totals = liveTotals(v);
  const decimals = currencyExponent(v.currency);

  const submit = form.onSubmit(
    async (values) => {
      const checked = validateInvoiceForm(values);
      if (!checked.input) return;
      setSaving(true);
      setFormError(null);
      try {
        await onSubmit(checked.input);
      } catch (error) {
        if (error instanceof ApiRequestError && error.fields)
          form.setErrors(
            Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [formPath(k), m])),
          );
        const message = getErrorMessage(error);
        setFormError(message === 'Something went wrong' ? t('common.errors.generic') : message);
      } finally {
        setSaving(false);
      }
    },
    () => setFormError(t('invoice.form.fixErrors')),
  );

  const money = (field: 'discount' | 'shipping', label: string) => (
    <NumberInput label={label} min={0} decimalScale={decimals} thousandSeparator {...form.getInputProps(field)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h5" mb="sm">
                {t('invoice.form.recipient')}
              </Title>
              <RecipientPicker form={form} locked={recipientLocked} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <AppDatesProvider>
                  <Group grow align="flex-start">
                    <DatePickerInput
                      label={t('invoice.form.issueDate')}
                      leftSection={<IconCalendar size={16} />}
                      required
                      value={v.issueDate}
                      error={form.errors.issueDate}
                      onChange={(d) => form.setFieldValue('issueDate', d ? String(d).slice(0, 10) : '')}
                    />
                    <DatePickerInput
                      label={t('invoice.form.dueDate')}
                      leftSection={<IconCalendar size={16} />}
                      required
                      value={v.dueDate}
                      error={form.errors.dueDate}
                      onChange={(d) => form.setFieldValue('dueDate', d ? String(d).slice(0, 10) : '')}
                    />
                  </Group>
                </AppDatesProvider>
                <Select
                  label={t('invoice.form.currency')}
                  data={[...INVOICE_CURRENCIES]}
                  allowDeselect={false}
                  {...form.getInputProps('currency')}
                />
                <Textarea
                  label={t('invoice.form.issuerAddress')}
                  rows={2}
                  {...form.getInputProps('issuerAddress')}
                />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        <LineItemsEditor form={form} lineTotals={totals.lines} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Group grow align="flex-start">
                {money('discount', t('invoice.form.discount'))}
                {money('shipping', t('invoice.form.shipping'))}
                <NumberInput
                  label={t('invoice.form.taxRate')}
                  min={0}
                  max={100}
                  decimalScale={2}
                  {...form.getInputProps('taxRate')}
                />
              </Group>
              <Textarea
                label={t('invoice.form.notes')}
                rows={3}
                {...form.getInputProps('notes')}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder p="md" radius="md">
              <TotalsSummary
                totals={totals}
                currency={v.currency}
                taxRate={Number(v.taxRate) || 0}
              />
            </Paper>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
