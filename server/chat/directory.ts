// What one user may learn about another from chat (contacts, conversations, participants).
// A name, an avatar and whether they are online are enough to start a chat; a person's email
// address and the time of their last activity are shown only to someone they have written to
// — a chat message in a conversation the viewer is in, or a mail either way (a mail sent to
// them needs their address anyway) — and to the person themself. Opening a conversation with
// someone reveals nothing until they answer, so a new account cannot harvest addresses.
import { sql } from 'drizzle-orm';

import type { ChatParticipant } from '../contracts/chat.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/** The ids among `ids` that have written to the viewer (chat or mail) or received mail from them. */
export async function peopleKnownTo(
  db: Executor,
  viewerId: string,
  ids: string[],
): Promise<Set<string>> {
  const others = [...new Set(ids)].filter((id) => id !== viewerId);
  if (others.length === 0) return new Set();
  const list = sql`${`{${others.join(',')}}`}::uuid[]`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct msg.sender_id::text as id
        from chat_participants mine
        join chat_messages msg on msg.conversation_id = mine.conversation_id
        where mine.user_id = ${viewerId} and msg.sender_id = any(${list})
      union
      select mi.owner_id::text from mail_messages m join mailbox_items mi on mi.message_id = m.id
        where m.sender_id = ${viewerId} and m.sent_at is not null and mi.owner_id = any(${list})
      union
      select m.sender_id::text from mail_messages m join mailbox_items mi on mi.message_id = m.id
        where mi.owner_id = ${viewerId} and m.sent_at is not null and m.sender_id = any(${list})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The participant as the viewer may see them. */
export function asSeenBy(
  person: ChatParticipant,
  viewerId: string,
  known: Set<string>,
): ChatParticipant {
  if (person.id === viewerId || known.has(person.id)) return person;
  return { ...person, email: null, lastActivity: null };
}

export async function forViewer(
  db: Executor,
  viewerId: string,
  people: ChatParticipant[],
): Promise<ChatParticipant[]> {
  const known = await peopleKnownTo(
    db,
    viewerId,
    people.map((p) => p.id),
  );
  return people.map((p) => asSeenBy(p, viewerId, known));
}
