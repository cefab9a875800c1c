// What the compose window's buttons do. Sending and saving go to the server when it can be
// reached; otherwise (offline, or no answer) the draft is kept on this device as a local draft
// under Drafts, so nothing typed is lost. A refusal from the server (400 with fields) puts its
// messages on the fields and keeps the window open with what was typed. Attachments upload one
// by one and are refused offline.
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';

import { MAX_ATTACHMENT_BYTES } from '../../../../server/contracts/mail';
import { saveDraftOptions, sendMailOptions, uploadAttachmentOptions } from '../api/compose-mail';
import { composePayload, dropLocalDraft, keepLocalDraft, type ComposeDraft } from './compose-draft';
import { storeMails } from './mail-store';

export interface Uploading {
  key: string;
  fileName: string;
}

export function useComposeActions(form: UseFormReturnType<ComposeDraft>, onClose: () => void) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const sending = useMutation(sendMailOptions());
  const saving = useMutation(saveDraftOptions());
  const uploader = useMutation(uploadAttachmentOptions());
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const me = { name: user ? `${user.firstName} ${user.lastName}` : '', email: user?.email ?? '' };

  async function keepOnDevice() {
    const id = await keepLocalDraft(form.getValues(), me);
    form.setFieldValue('draftId', id);
  }

  async function send() {
    if (form.validate().hasErrors) return;
    if (!navigator.onLine) return keepOffline();
    const draft = form.getValues();
    try {
      const { mail } = await sending.mutateAsync(composePayload(draft));
      await storeMails([mail]);
      await dropLocalDraft(draft);
      notify.success(t('mail.compose.sent'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return keepOffline();
      form.setErrors(
        error.fields.to || error.fields.cc || error.fields.bcc
          ? error.fields
          : { _: error.message },
      );
    }
  }

  async function keepOffline() {
    await keepOnDevice();
    notify.warning(t('mail.offline.sendRefused'), { autoClose: 6000 });
  }

  async function keepDraftOffline() {
    await keepOnDevice();
    notify.info(t('mail.compose.savedOnDevice'));
  }

  async function save() {
    if (!navigator.onLine) return keepDraftOffline();
    const draft = form.getValues();
    try {
      const { mail } = await saving.mutateAsync(composePayload(draft));
      await storeMails([mail]);
      await dropLocalDraft(draft);
      form.setFieldValue('draftId', mail.id);
      notify.success(t('mail.compose.saved'));
    } catch (error) {
      if (error instanceof ApiRequestError) form.setErrors(error.fields);
      else await keepDraftOffline();
    }
  }

  async function attach(files: File[]) {
    if (!navigator.onLine) return notify.warning(t('mail.offline.uploadRefused'));
    for (const file of files) {
      if (file.size > MAX_ATTACHMENT_BYTES) {
        notify.error(t('mail.compose.tooBig', { name: file.name }));
        continue;
      }
      const key = crypto.randomUUID();
      setUploading((u) => [...u, { key, fileName: file.name }]);
      try {
        const { attachment } = await uploader.mutateAsync(file);
        form.setFieldValue('attachments', (list) => [...list, attachment]);
      } catch (error) {
        notify.error(
          error instanceof ApiRequestError ? error.message : t('mail.offline.uploadRefused'),
        );
      } finally {
        setUploading((u) => u.filter((x) => x.key !== key));
      }
    }
  }

  function discard() {
    void dropLocalDraft(form.getValues());
    onClose();
  }

  return {
    send,
    save,
    attach,
    discard,
    uploading,
    busy: sending.isPending ? ('send' as const) : saving.isPending ? ('save' as const) : null,
  };
}
