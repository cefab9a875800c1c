import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { getErrorMessage } from '@/lib/api-client';
import { LANGUAGE_META, LANGUAGES } from '@/lib/i18n';
import { notify } from '@/lib/notify';

import type { Invoice, InvoiceLanguage } from '../../../../server/contracts/invoice';
import { invoiceKeys, sendInvoice } from '../api/invoice-api';
import { useInvoiceFormat } from './use-invoice-format';

interface SendDialogProps {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
}

/** Sends the invoice to its recipient: their Clipdeck mailbox, or an email with the PDF. */
export function SendDialog({ invoice, opened, onClose }: SendDialogProps) {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [language, setLanguage] = useState<InvoiceLanguage>(f.language);
  const send = useMutation({
    mutationFn: () => sendInvoice(invoice.id, { language, message }),
    onSuccess: ({ invoice: updated }) => {
      queryClient.setQueryData(invoiceKeys.detail(invoice.id), { invoice: updated });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      notify.success(t('invoice.send.sent'));
      onClose();
    },
  });
  const error = send.error ? getErrorMessage(send.error) : null;
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoice.send.title', { number: invoice.numberLabel })}>
      <Stack gap="md">
        <Text size="sm">
          {invoice.recipient.userId
            ? t('invoice.send.toUser', { name: invoice.recipient.name })
            : t('invoice.send.toEmail', { email: invoice.recipient.email ?? '' })}
        </Text>
        <Select
          label={t('invoice.send.language')}
          data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_META[l].label }))}
          value={language}
          allowDeselect={false}
          onChange={(l) => l && setLanguage(l)}
        />
        <Textarea
          label={t('invoice.send.message')}
          rows={3}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button loading={send.isPending} onClick={() => send.mutate()}>
            {t('invoice.send.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
