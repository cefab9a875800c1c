// The compose window's calls as mutations: send, save a draft, upload an attachment. They are
// silent (the window shows a refusal on its fields or keeps the draft on the device, see
// ../local/use-compose-actions.ts); a sent or saved mail refreshes every mail query.
import { mutationOptions } from '@tanstack/react-query';

import { queryClient } from '@/lib/query-client';

import { saveDraft, sendMail, uploadAttachment } from './mail-api';

const refreshMail = () => {
  void queryClient.invalidateQueries({ queryKey: ['mail'] });
};

export const sendMailOptions = () =>
  mutationOptions({ mutationFn: sendMail, meta: { silent: true }, onSuccess: refreshMail });

export const saveDraftOptions = () =>
  mutationOptions({ mutationFn: saveDraft, meta: { silent: true }, onSuccess: refreshMail });

export const uploadAttachmentOptions = () =>
  mutationOptions({ mutationFn: uploadAttachment, meta: { silent: true } });
