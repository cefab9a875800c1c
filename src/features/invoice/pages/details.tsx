import { Alert, Anchor, Button, Group, Menu, Modal, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconArrowBack,
  IconCheck,
  IconCopy,
  IconDots,
  IconDownload,
  IconEdit,
  IconPrinter,
  IconSend,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { ErrorState } from '@/components/feedback/error-state';
import { paths } from '@/config/paths';
import { ApiRequestError, getErrorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import { canDo, type Invoice } from '../../../../server/contracts/invoice';
import {
  cancelInvoice,
  deleteInvoice,
  downloadInvoicePdf,
  duplicateInvoice,
  invoiceKeys,
  invoiceQuery,
  markInvoicePaid,
} from '../api/invoice-api';
import { InvoiceDocument } from '../components/invoice-document';
import classes from '../components/invoice.module.css';
import { SendDialog } from '../components/send-dialog';
import { useInvoiceFormat } from '../components/use-invoice-format';

export default function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const invoice = useQuery(invoiceQuery(id));
  if (invoice.isPending)
    return (
      <Stack gap="md" maw={960}>
        <Skeleton h={36} w={240} />
        <Skeleton h={520} radius="md" />
      </Stack>
    );
  if (invoice.error) {
    const missing = invoice.error instanceof ApiRequestError && invoice.error.status === 404;
    return (
      <Stack gap="md" maw={960}>
        {missing ? <Alert color="yellow">{t('invoice.notFound')}</Alert> : <ErrorState error={invoice.error} onRetry={() => void invoice.refetch()} />}
        <Anchor component={Link} to={paths.dashboard.invoice.list.path}>
          {t('invoice.actions.back')}
        </Anchor>
      </Stack>
    );
  }
  return <InvoiceDetails invoice={invoice.data} />;
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const issuer = invoice.role === 'issuer';
  const can = (action: Parameters<typeof canDo>[1]) => issuer && canDo(invoice.storedStatus, action);

  const refresh = (updated: Invoice) => {
    queryClient.setQueryData(invoiceKeys.detail(invoice.id), { invoice: updated });
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
  };
  const onError = (error: unknown) => notify.error(getErrorMessage(error));
  const paid = useMutation({
    mutationFn: () => markInvoicePaid(invoice.id),
    onSuccess: ({ invoice: i }) => (refresh(i), notify.success(t('invoice.notify.paid'))),
    onError,
  });
  const cancel = useMutation({
    mutationFn: () => cancelInvoice(invoice.id),
    onSuccess: ({ invoice: i }) => (refresh(i), notify.success(t('invoice.notify.cancelled'))),
    onError,
  });
  const duplicate = useMutation({
    mutationFn: () => duplicateInvoice(invoice.id),
    onSuccess: ({ invoice: copy }) => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      notify.success(t('invoice.notify.duplicated'));
      void navigate(paths.dashboard.invoice.edit.href(copy.id));
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => deleteInvoice(invoice.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: invoiceKeys.detail(invoice.id) });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      notify.success(t('invoice.notify.deleted'));
      void navigate(paths.dashboard.invoice.list.path);
    },
    onError,
  });
  const download = useMutation({
    mutationFn: () => downloadInvoicePdf(invoice.id, f.language, `${invoice.numberLabel}.pdf`),
    onError: () => notify.error(t('invoice.notify.downloadFailed')),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.noPrint} wrap="wrap">
        <Button component={Link} to={paths.dashboard.invoice.list.path} variant="subtle" leftSection={<IconArrowBack size={16} />}>
          {t('invoice.actions.back')}
        </Button>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
            {t('invoice.actions.download')}
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('invoice.actions.print')}
          </Button>
          {can('edit') ? (
            <Button variant="default" component={Link} to={paths.dashboard.invoice.edit.href(invoice.id)} leftSection={<IconEdit size={16} />}>
              {t('invoice.actions.edit')}
            </Button>
          ) : null}
          {can('send') ? (
            <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>
              {t('invoice.actions.send')}
            </Button>
          ) : null}
          {can('markPaid') ? (
            <Button color="green" autoContrast leftSection={<IconCheck size={16} />} loading={paid.isPending} onClick={() => paid.mutate()}>
              {t('invoice.actions.markPaid')}
            </Button>
          ) : null}
          {issuer ? (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" aria-label={t('invoice.actions.more')} px="xs">
                  <IconDots size={18} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => duplicate.mutate()}>
                  {t('invoice.actions.duplicate')}
                </Menu.Item>
                {can('cancel') ? (
                  <Menu.Item leftSection={<IconX size={16} />} onClick={() => cancel.mutate()}>
                    {t('invoice.actions.cancel')}
                  </Menu.Item>
                ) : null}
                {can('delete') ? (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                    {t('invoice.actions.delete')}
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>
      {!issuer ? (
        <Text c="dimmed" className={classes.noPrint}>
          {t('invoice.doc.received', { name: invoice.issuer.name })}
        </Text>
      ) : invoice.sentAt ? (
        <Text c="dimmed" size="sm" className={classes.noPrint}>
          {t('invoice.doc.sentOn', { date: f.day(invoice.sentAt) })}
        </Text>
      ) : null}
      <InvoiceDocument invoice={invoice} />
      {sending ? <SendDialog invoice={invoice} opened onClose={() => setSending(false)} /> : null}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('invoice.confirmDelete.title')}>
        <Stack>
          <Text size="sm">{t('invoice.confirmDelete.text', { number: invoice.numberLabel })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('invoice.confirmDelete.keep')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('invoice.confirmDelete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
