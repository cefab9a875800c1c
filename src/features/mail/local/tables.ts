// The mail mirror's Dexie tables (./schema.ts), typed with the contract (listed by ./sync.ts).
import { mirrorTable } from '@/lib/db';

import type { Mail, MailLabel } from '../../../../server/contracts/mail';

/** A label with its place in the server's list. */
export type StoredLabel = MailLabel & { order: number };

export const mailsTable = mirrorTable<Mail, 'id'>('mails');
export const mailLabelsTable = mirrorTable<StoredLabel, 'id'>('mailLabels');
