// The compose window's form: Mantine's form over the draft, checked before sending by the
// server's own schema (server/contracts/mail.ts `sendMailSchema`). The recipient rules read as
// one message on the To field (no recipient; the addresses that are not email addresses); the
// schema's other messages stay on their fields. Saving a draft is not checked here: the server
// takes incomplete drafts and answers a refusal on the fields.
import { schemaResolver, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { sendMailSchema } from '../../../../server/contracts/mail';
import { composePayload, type ComposeDraft } from '../local/compose-draft';

const resolveSend = schemaResolver(sendMailSchema, { sync: true });

/** A typed list of addresses as kept: trimmed, lower-cased, blanks dropped. */
export const normaliseAddresses = (value: string[]) =>
  value.map((v) => v.trim().toLowerCase()).filter(Boolean);

/** The schema's verdict on a draft about to be sent, in the reader's language. */
export function composeErrors(draft: ComposeDraft, t: TFunction): Record<string, string> {
  const found = resolveSend(composePayload(draft));
  const errors: Record<string, string> = {};
  const bad: string[] = [];
  for (const [path, message] of Object.entries(found)) {
    if (typeof message !== 'string') continue;
    const address = /^(to|cc|bcc)\.(\d+)$/.exec(path);
    if (address) bad.push(draft[address[1] as 'to' | 'cc' | 'bcc'][Number(address[2])] ?? '');
    else errors[path.split('.')[0]!] ??= message;
  }
  if (draft.to.length + draft.cc.length + draft.bcc.length === 0)
    errors.to = t('mail.compose.needRecipient');
  else if (bad.length > 0) errors.to = t('mail.compose.badAddress', { list: bad.join(', ') });
  return errors;
}

export function useComposeForm(initial: ComposeDraft) {
  const { t } = useTranslation();
  return useForm<ComposeDraft>({
    initialValues: initial,
    validate: (values) => composeErrors(values, t),
  });
}
