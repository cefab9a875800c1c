import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';

import { createInvoice, invoiceKeys } from '../api/invoice-api';
import { emptyInvoiceForm } from '../components/form-values';
import { InvoiceForm } from '../components/invoice-form';

export default function NewInvoicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initial] = useState(() => emptyInvoiceForm());
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('invoice.newTitle')}
      </Title>
      <InvoiceForm
        initial={initial}
        submitLabel={t('invoice.form.create')}
        onSubmit={async (input) => {
          const { invoice } = await createInvoice(input);
          queryClient.setQueryData(invoiceKeys.detail(invoice.id), { invoice });
          void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
          notify.success(t('invoice.form.saved'));
          await navigate(paths.dashboard.invoice.details.href(invoice.id));
        }}
      />
    </Stack>
  );
}
