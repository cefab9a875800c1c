import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';

import { canDo } from '../../../../server/contracts/invoice';
import { invoiceKeys, invoiceQuery, updateInvoice } from '../api/invoice-api';
import { invoiceToForm } from '../components/form-values';
import { InvoiceForm } from '../components/invoice-form';

export default function EditInvoicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invoice = useQuery({ ...invoiceQuery(id), staleTime: Infinity });
  const notFound = <Alert color="yellow">{t('invoice.notFound')}</Alert>;
  return (
    <QueryState
      query={invoice}
      loading={
        <Stack gap="lg">
          <Skeleton h={36} w={260} />
          <Skeleton h={420} radius="md" />
        </Stack>
      }
      notFound={notFound}
      isEmpty={(current) => current.role !== 'issuer'}
      empty={notFound}
    >
      {(current) => (
        <Stack gap="lg">
          <Title order={1} size="h2">
            {t('invoice.editTitle', { number: current.numberLabel })}
          </Title>
          {canDo(current.storedStatus, 'edit') ? (
            <InvoiceForm
              initial={invoiceToForm(current)}
              submitLabel={t('invoice.form.save')}
              recipientLocked={current.sentAt !== null}
              onSubmit={async (input) => {
                const { invoice: saved } = await updateInvoice(current.id, input);
                queryClient.setQueryData(invoiceKeys.detail(saved.id), { invoice: saved });
                void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
                notify.success(t('invoice.form.saved'));
                await navigate(paths.dashboard.invoice.details.href(saved.id));
              }}
            />
          ) : (
            <Alert color="yellow">
              {t('invoice.form.locked', { status: t(`invoice.status.${current.status}`) })}
            </Alert>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
