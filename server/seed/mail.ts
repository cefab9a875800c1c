// Demo mail between the demo users, written to show a newcomer what the mailbox does: real
// delivery between accounts, replies, cc, a label, a starred and an important mail, a draft.
// Idempotent: it writes nothing when the demo user's mailbox already has mail.
import { eq, sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { mailboxItems, mailLabels, mailMessages } from '../db/schema/index.ts';
import { saveDraft, sendMail } from '../mail/delivery.ts';
import type { DemoUsers } from './demo-users.ts';

interface DemoMail {
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  body: string;
  hoursAgo: number;
  replyTo?: number;
  star?: boolean;
  important?: boolean;
  read?: boolean;
  label?: string;
}

const MAILS: DemoMail[] = [
  {
    from: 'admin',
    to: ['demo'],
    cc: ['sam', 'lin'],
    subject: 'Welcome to Clipdeck mail',
    body: '<p>Hi Dana,</p><p>This mailbox carries real messages between Clipdeck users. Write to anyone with an account by their email address — <strong>sam@clipdeck.dev</strong> and <strong>lin@clipdeck.dev</strong> are good people to try.</p><ul><li>Star a mail to find it under <em>Starred</em>.</li><li>Give it a label (try <em>Projects</em>) from the label button.</li><li>Everything here stays readable without a network.</li></ul><p>Ada</p>',
    hoursAgo: 72,
    important: true,
    star: true,
  },
  {
    from: 'sam',
    to: ['demo'],
    subject: 'Clips for the Friday review',
    body: '<p>Dana, I shortlisted six clips from the catalogue for Friday. Could you check the two from <em>Blade Runner</em>? The second one may run too long.</p><p>Sam</p>',
    hoursAgo: 30,
    label: 'Projects',
  },
  {
    from: 'demo',
    to: ['sam'],
    subject: 'Re: Clips for the Friday review',
    body: '<p>Looks good — I trimmed the second one to 40 seconds. See you Friday.</p><blockquote><p>Could you check the two from Blade Runner?</p></blockquote>',
    hoursAgo: 26,
    replyTo: 1,
  },
  {
    from: 'lin',
    to: ['demo', 'sam'],
    subject: 'Calendar invite: catalogue tagging sprint',
    body: '<p>Hi both,</p><p>I put the tagging sprint in the calendar for next Tuesday, 10:00–12:00. Bring the list of films that still have no genre tag.</p><p>Lin</p>',
    hoursAgo: 20,
    important: true,
  },
  {
    from: 'sam',
    to: ['lin'],
    cc: ['demo'],
    subject: 'Re: Calendar invite: catalogue tagging sprint',
    body: '<p>Works for me. I will bring coffee.</p>',
    hoursAgo: 18,
    replyTo: 3,
    read: true,
  },
  {
    from: 'admin',
    to: ['demo', 'sam', 'lin'],
    subject: 'Offline mode: what to expect',
    body: '<p>Team,</p><p>Clipdeck keeps your latest mail and chats on this device. With no network you can still open, search and read them; sending waits until you are back online and your draft is kept.</p>',
    hoursAgo: 6,
  },
  {
    from: 'lin',
    to: ['demo'],
    subject: 'Thumbnail sizes for the blog',
    body: '<p>Quick one: are blog thumbnails 16:9 or 4:3? I will use 16:9 unless you say otherwise.</p>',
    hoursAgo: 2,
  },
];

export async function seedMail(deps: AppDeps, people: DemoUsers): Promise<void> {
  const db = deps.database.db;
  const demo = people.demo;
  if (!demo) return;
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailboxItems)
    .where(eq(mailboxItems.ownerId, demo.id));
  if ((existing?.n ?? 0) > 0) return;

  const labels = new Map<string, string>();
  for (const [key, user] of Object.entries(people)) {
    const [label] = await db
      .insert(mailLabels)
      .values({ ownerId: user.id, name: 'Projects', color: '#00a76f' })
      .onConflictDoNothing()
      .returning({ id: mailLabels.id });
    if (label) labels.set(key, label.id);
  }

  const sentIds: string[] = [];
  for (const mail of MAILS) {
    const sender = people[mail.from]!;
    const email = (key: string) => people[key]!.email;
    let inReplyToMailId: string | undefined;
    if (mail.replyTo !== undefined) {
      const [copy] = await db
        .select({ id: mailboxItems.id })
        .from(mailboxItems)
        .where(
          sql`${mailboxItems.ownerId} = ${sender.id} and ${mailboxItems.messageId} = (select message_id from mailbox_items where id = ${sentIds[mail.replyTo]!})`,
        );
      inReplyToMailId = copy?.id;
    }
    const id = await sendMail(deps, sender.id, {
      to: mail.to.map(email),
      cc: (mail.cc ?? []).map(email),
      bcc: [],
      subject: mail.subject,
      body: mail.body,
      attachmentIds: [],
      inReplyToMailId,
    });
    sentIds.push(id);
    const at = new Date(Date.now() - mail.hoursAgo * 3600_000);
    const [item] = await db
      .select({ messageId: mailboxItems.messageId })
      .from(mailboxItems)
      .where(eq(mailboxItems.id, id));
    await db
      .update(mailMessages)
      .set({ sentAt: at, createdAt: at })
      .where(eq(mailMessages.id, item!.messageId));
    await db
      .update(mailboxItems)
      .set({
        receivedAt: at,
        isStarred: mail.star ?? false,
        isImportant: mail.important ?? false,
        ...(mail.read ? { isRead: true } : {}),
      })
      .where(eq(mailboxItems.messageId, item!.messageId));
    const demoLabel = labels.get('demo');
    if (mail.label && demoLabel)
      await db
        .update(mailboxItems)
        .set({ labelIds: [demoLabel] })
        .where(
          sql`${mailboxItems.messageId} = ${item!.messageId} and ${mailboxItems.ownerId} = ${demo.id}`,
        );
  }

  await saveDraft(deps, demo.id, {
    to: [people.lin!.email],
    cc: [],
    bcc: [],
    subject: 'Re: Thumbnail sizes for the blog',
    body: '<p>16:9 please — the video cards use the same ratio.</p>',
    attachmentIds: [],
  });
}
