import { and, desc, eq, sql } from 'drizzle-orm';

import { snippet } from '../contracts/search.ts';
import { mailboxItems, mailMessages, users } from '../db/schema/index.ts';
import { CANDIDATES, everyWord, found, hit, iso, low, type SearchSource } from '../search/source.ts';

/** Mails in the searcher's own mailbox, by subject, text and sender. */
export const mailSearchSource: SearchSource = async (db, who, words) => {
  const senderName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const rows = await db
    .select({
      id: mailboxItems.id,
      folder: mailboxItems.folder,
      at: mailboxItems.receivedAt,
      subject: mailMessages.subject,
      body: mailMessages.bodyText,
      senderName,
      senderEmail: users.email,
    })
    .from(mailboxItems)
    .innerJoin(mailMessages, eq(mailMessages.id, mailboxItems.messageId))
    .innerJoin(users, eq(users.id, mailMessages.senderId))
    .where(and(eq(mailboxItems.ownerId, who.userId), everyWord(words, [mailMessages.subject, mailMessages.bodyText, senderName, users.email])))
    .orderBy(desc(mailboxItems.receivedAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.subject, r.body, iso(r.at), {
        kind: 'mail',
        id: r.id,
        titleText: low(r.subject, r.senderName, r.senderEmail),
        detail: `${r.senderName} · ${snippet(r.body, words)}`,
        target: { kind: 'mail', mailId: r.id, folder: r.folder },
      }),
    ),
  );
};
