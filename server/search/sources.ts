// One query per kind of row the palette finds, each scoped to what the signed-in user may read
// (their mailbox, conversations, calendar, board, files and invoices; the products and posts
// anyone may read plus their own drafts, by the blog's and the invoices' own rules; the
// catalogue through its visibility rule; users only for admins). Every query word must appear
// in one of the row's searched columns (ILIKE: a word may match inside another); each query
// reads at most CANDIDATES rows, newest first, and the shared ranking (server/contracts/search.ts)
// orders them.
import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { readable } from '../blog/posts.ts';
import { textQuery, tsQuery, visibleTo } from '../catalogue/filters.ts';
import { rankText, snippet, type SearchHit } from '../contracts/search.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import {
  blogPosts,
  calendarEvents,
  chatConversations,
  chatMessages,
  chatParticipants,
  fileItems,
  invoices,
  kanbanCards,
  mailboxItems,
  mailMessages,
  products,
  users,
} from '../db/schema/index.ts';
import { readableBy } from '../invoices/visibility.ts';
import { escapeLike } from '../lib/escape.ts';

export const CANDIDATES = 50;

export interface Searcher {
  userId: string;
  role: 'admin' | 'user';
}

type Source = (db: Executor, who: Searcher, words: string[]) => Promise<SearchHit[]>;

/** Every word in at least one of the columns. */
function everyWord(words: string[], columns: (PgColumn | SQL)[]): SQL {
  return and(...words.map((w) => or(...columns.map((c) => ilike(c, `%${escapeLike(w)}%`)))))!;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const low = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ').toLowerCase();

function hit(words: string[], title: string, body: string, at: string | null, rest: Omit<SearchHit, 'score' | 'at' | 'title'> & { titleText?: string }): SearchHit | null {
  const { titleText, ...fields } = rest;
  const score = rankText(words, low(titleText ?? title), body.toLowerCase(), at);
  return score ? { ...fields, title, at, score } : null;
}

const found = (hits: (SearchHit | null)[]) => hits.filter((h): h is SearchHit => h !== null);

const mail: Source = async (db, who, words) => {
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

const message: Source = async (db, who, words) => {
  const senderName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const rows = await db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      name: chatConversations.name,
      body: chatMessages.body,
      senderName,
      at: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatMessages.conversationId), eq(chatParticipants.userId, who.userId)))
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.contentType, 'text'), everyWord(words, [chatMessages.body, sql`coalesce(${chatConversations.name}, '')`, senderName])))
    .orderBy(desc(chatMessages.createdAt))
    .limit(CANDIDATES);
  // one hit per conversation: its best message
  const best = new Map<string, SearchHit>();
  for (const r of rows) {
    const h = hit(words, r.name ?? r.senderName, r.body, iso(r.at), {
      kind: 'message',
      id: r.conversationId,
      titleText: low(r.name, r.senderName),
      detail: `${r.senderName}: ${snippet(r.body, words)}`,
      target: { kind: 'message', conversationId: r.conversationId },
    });
    const kept = best.get(r.conversationId);
    if (h && (!kept || h.score > kept.score)) best.set(r.conversationId, h);
  }
  return [...best.values()];
};

const event: Source = async (db, who, words) => {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, who.userId), everyWord(words, [calendarEvents.title, calendarEvents.description])))
    .orderBy(desc(calendarEvents.start))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.title, r.description, iso(r.start), {
        kind: 'event',
        id: r.id,
        detail: r.description ? snippet(r.description, words) : '',
        target: { kind: 'event', eventId: r.id, start: r.start.toISOString() },
      }),
    ),
  );
};

const card: Source = async (db, who, words) => {
  const rows = await db
    .select()
    .from(kanbanCards)
    .where(and(eq(kanbanCards.userId, who.userId), everyWord(words, [kanbanCards.name, kanbanCards.description])))
    .orderBy(desc(kanbanCards.updatedAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.name, r.description, iso(r.updatedAt), {
        kind: 'card',
        id: r.id,
        detail: snippet(r.description, words),
        target: { kind: 'card', cardId: r.id },
      }),
    ),
  );
};

interface CatalogueRow {
  id: string;
  video_id: string;
  title: string;
  text: string;
  start_seconds: number;
  at: string | Date | null;
}

const catalogue = (kind: 'video' | 'clip'): Source => async (db, who, words) => {
  const query = textQuery([words.join(' ')]);
  if (!query) return [];
  const rows = await queryRows<CatalogueRow>(
    db,
    kind === 'video'
      ? sql`select v.id, v.id as video_id, v.title, v.description as text, 0 as start_seconds, v.premiere_date as at
            from catalogue_videos v
            where v.search_vector @@ ${tsQuery(query)} and ${visibleTo({ userId: who.userId }, 'video')}
            order by ts_rank(v.search_vector, ${tsQuery(query)}) desc limit ${CANDIDATES}`
      : sql`select c.id, c.video_id, c.title, c.text, c.start_seconds, c.premiere_date as at
            from catalogue_clips c
            where c.search_vector @@ ${tsQuery(query)} and ${visibleTo({ userId: who.userId }, 'clip')}
            order by ts_rank(c.search_vector, ${tsQuery(query)}) desc limit ${CANDIDATES}`,
  );
  return rows.flatMap((r) => {
    const at = r.at ? new Date(r.at).toISOString() : null;
    // full-text search stems words: a row it found scores at least as a body match
    const score = rankText(words, r.title.toLowerCase(), r.text.toLowerCase(), at) || 1;
    const target =
      kind === 'video'
        ? ({ kind: 'video', videoId: r.id } as const)
        : ({ kind: 'clip', videoId: r.video_id, clipId: r.id, startSeconds: Number(r.start_seconds) } as const);
    return [{ kind, id: r.id, title: r.title, detail: snippet(r.text, words), at, score, target }];
  });
};

const product: Source = async (db, _who, words) => {
  const rows = await db
    .select({ id: products.id, name: products.name, slug: products.slug, text: products.searchText, category: products.category, at: products.createdAt })
    .from(products)
    .where(and(eq(products.published, true), everyWord(words, [products.searchText])))
    .orderBy(desc(products.createdAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.name, r.text, iso(r.at), {
        kind: 'product',
        id: r.id,
        detail: r.category,
        target: { kind: 'product', slug: r.slug },
      }),
    ),
  );
};

const invoice: Source = async (db, who, words) => {
  const number = sql<string>`${invoices.number}::text`;
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, name: invoices.recipientName, notes: invoices.notes, status: invoices.status, at: invoices.createdAt })
    .from(invoices)
    .where(
      and(
        readableBy(who.userId),
        everyWord(words, [invoices.recipientName, invoices.notes, number]),
      ),
    )
    .orderBy(desc(invoices.createdAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, `#${r.number} · ${r.name}`, r.notes, iso(r.at), {
        kind: 'invoice',
        id: r.id,
        titleText: low(String(r.number), r.name),
        detail: r.status,
        target: { kind: 'invoice', invoiceId: r.id },
      }),
    ),
  );
};

const post: Source = async (db, who, words) => {
  const rows = await db
    .select({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title, description: blogPosts.description, body: blogPosts.bodyText, at: blogPosts.updatedAt })
    .from(blogPosts)
    .where(
      and(
        readable(who.userId),
        everyWord(words, [blogPosts.title, blogPosts.description, blogPosts.bodyText]),
      ),
    )
    .orderBy(desc(blogPosts.updatedAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.title, `${r.description} ${r.body}`, iso(r.at), {
        kind: 'post',
        id: r.id,
        detail: snippet(r.description || r.body, words),
        target: { kind: 'post', slug: r.slug },
      }),
    ),
  );
};

const file: Source = async (db, who, words) => {
  const rows = await db
    .select({ id: fileItems.id, name: fileItems.name, kind: fileItems.kind, parentId: fileItems.parentId, at: fileItems.updatedAt })
    .from(fileItems)
    .where(and(eq(fileItems.ownerId, who.userId), isNull(fileItems.trashedAt), everyWord(words, [fileItems.name])))
    .orderBy(desc(fileItems.updatedAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.name, '', iso(r.at), {
        kind: 'file',
        id: r.id,
        detail: r.kind,
        target: { kind: 'file', fileId: r.id, parentId: r.parentId, name: r.name },
      }),
    ),
  );
};

const user: Source = async (db, who, words) => {
  if (who.role !== 'admin') return [];
  const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const rows = await db
    .select({ id: users.id, slug: users.slug, fullName, email: users.email, username: users.username, at: users.createdAt })
    .from(users)
    .where(everyWord(words, [fullName, users.email, users.username]))
    .orderBy(desc(users.createdAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.fullName, '', iso(r.at), {
        kind: 'user',
        id: r.id,
        titleText: low(r.fullName, r.email, r.username),
        detail: r.email,
        target: { kind: 'user', slug: r.slug },
      }),
    ),
  );
};

export const SOURCES: Source[] = [mail, message, event, card, catalogue('video'), catalogue('clip'), product, invoice, post, file, user];
