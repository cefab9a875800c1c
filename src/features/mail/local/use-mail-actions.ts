// What the icons of the mail page do. Each change is applied to the mirror at once (so the
// page answers immediately) and then sent; the server's answer is written back, a failure
// restores the server's last copy. Offline, changes are refused with a clear message rather
// than queued (this issue does not queue mail changes).

import { ApiRequestError, getErrorMessage } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';

import type { Mail } from '../../../../server/contracts/mail';
import { assignLabels, deleteMails, moveMails, restoreMails, setFlags } from '../api/mail-api';
import { patchMails, removeMails, storeMails } from './mail-store';
import { mailKeys } from './use-mail-sync';

function withLabels(mail: Mail): Mail {
  const live = mail.folder !== 'trash' && mail.folder !== 'spam';
  const own = mail.labelIds.filter(
    (l) => !['all', 'inbox', 'sent', 'drafts', 'starred', 'important', 'spam', 'trash'].includes(l),
  );
  const ids: string[] = [mail.folder];
  if (mail.folder === 'inbox' || mail.folder === 'sent') ids.push('all');
  if (live && mail.isStarred) ids.push('starred');
  if (live && mail.isImportant) ids.push('important');
  if (live) ids.push(...own);
  return { ...mail, labelIds: ids };
}

function refused(error: unknown) {
  notify.error(
    error instanceof ApiRequestError
      ? getErrorMessage(error)
      : i18n.t('mail.offline.actionRefused'),
  );
}

async function run(
  ids: string[],
  optimistic: (m: Mail) => Mail,
  call: () => Promise<{ mails: Mail[] }>,
) {
  if (!navigator.onLine) {
    notify.warning(i18n.t('mail.offline.actionRefused'));
    return false;
  }
  await patchMails(ids, (m) => withLabels(optimistic(m)));
  try {
    const { mails } = await call();
    await storeMails(mails);
    void queryClient.invalidateQueries({ queryKey: mailKeys.labels });
    return true;
  } catch (error) {
    refused(error);
    void queryClient.invalidateQueries({ queryKey: ['mail'] });
    return false;
  }
}

export const mailActions = {
  setRead: (ids: string[], isRead: boolean) =>
    run(
      ids,
      (m) => ({ ...m, isRead }),
      () => setFlags(ids, { isRead }),
    ),
  setStarred: (ids: string[], isStarred: boolean) =>
    run(
      ids,
      (m) => ({ ...m, isStarred }),
      () => setFlags(ids, { isStarred }),
    ),
  setImportant: (ids: string[], isImportant: boolean) =>
    run(
      ids,
      (m) => ({ ...m, isImportant }),
      () => setFlags(ids, { isImportant }),
    ),
  move: (ids: string[], folder: 'inbox' | 'spam' | 'trash') =>
    run(
      ids,
      (m) => ({
        ...m,
        folder:
          folder === 'trash' || m.folder === 'inbox' || m.folder === 'spam' || m.folder === 'trash'
            ? folder
            : m.folder,
      }),
      () => moveMails(ids, folder),
    ),
  restore: (ids: string[]) =>
    run(
      ids,
      (m) => m,
      () => restoreMails(ids),
    ),
  setLabel: (ids: string[], labelId: string, on: boolean) =>
    run(
      ids,
      (m) => ({
        ...m,
        labelIds: on ? [...m.labelIds, labelId] : m.labelIds.filter((l) => l !== labelId),
      }),
      () => assignLabels(ids, on ? [labelId] : [], on ? [] : [labelId]),
    ),
  async deleteForever(ids: string[]) {
    if (!navigator.onLine) {
      notify.warning(i18n.t('mail.offline.actionRefused'));
      return false;
    }
    try {
      await deleteMails(ids);
      await removeMails(ids);
      void queryClient.invalidateQueries({ queryKey: mailKeys.labels });
      return true;
    } catch (error) {
      refused(error);
      return false;
    }
  },
};
