// One simulated device of the live chaos run (chaos.test.ts): a user's offline queue replayed
// with the app's own protocol code (src/lib/sync/protocol.ts: `replayQueue`, keys, answers,
// backoff rules) over an in-memory outbox, a mirror of the shared board and calendar kept up to
// date only by pulling when its GET /api/live stream brings a notice, and a network that goes
// offline, loses answers, delivers a batch twice and re-sends old batches out of order.
import crypto from 'node:crypto';

import type { CalendarEvent } from '../../server/contracts/calendar.ts';
import type { KanbanBoard } from '../../server/contracts/kanban.ts';
import {
  idempotencyKey,
  replayQueue,
  type OutboxStore,
  type QueuedRow,
  type ReplayReport,
} from '../../src/lib/sync/protocol.ts';

export type Random = () => number;

/** mulberry32: a small seeded generator, so a seed replays the same script and faults. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Faults {
  enabled: boolean;
  /** the answer is lost after the server handled the batch */
  loseAnswer: number;
  /** the batch is delivered twice at once */
  duplicate: number;
  /** an old batch of this client is delivered again first */
  resendOld: number;
}

export interface Applied {
  key: string;
  path: string;
  body: Record<string, unknown>;
  status: number;
  answer: Record<string, unknown>;
}

class MemoryOutbox implements OutboxStore {
  rows: QueuedRow[] = [];
  paused: string | null = null;
  queued(limit: number) {
    return Promise.resolve(this.rows.filter((r) => r.status === 'queued').slice(0, limit));
  }
  remove(seqs: number[]) {
    this.rows = this.rows.filter((r) => !seqs.includes(r.seq));
    return Promise.resolve();
  }
  patch(seq: number, patch: Partial<QueuedRow>) {
    const row = this.rows.find((r) => r.seq === seq);
    if (row) Object.assign(row, patch);
    return Promise.resolve();
  }
  pausedFor() {
    return Promise.resolve(this.paused);
  }
  pause(token: string) {
    this.paused = token;
    return Promise.resolve();
  }
}

export class ChaosClient {
  readonly clientId = crypto.randomUUID();
  readonly outbox = new MemoryOutbox();
  online = true;
  made = 0;
  /** the board and calendar as this device last pulled them */
  board: Required<KanbanBoard> | null = null;
  events: CalendarEvent[] = [];
  calendarCursor = -1;
  /** every fresh application the server reported, by key (more than one is a duplicate) */
  readonly fresh = new Map<string, number>();
  readonly applied: Applied[] = [];
  private readonly sent: string[] = [];
  private stream: AbortController | null = null;
  private streamCursor: string | undefined;
  private pulling: Promise<void> | null = null;
  private pullAgain = false;
  notices = 0;

  constructor(
    readonly name: string,
    readonly token: string,
    readonly userId: string,
    private readonly base: () => string,
    readonly boardId: string,
    readonly calendarId: string,
    private readonly random: Random,
    private readonly faults: Faults,
  ) {}

  enqueue(path: string, body: Record<string, unknown>) {
    this.made += 1;
    const seq = this.made;
    this.outbox.rows.push({
      seq,
      clientId: this.clientId,
      request: {
        method: 'POST',
        path,
        body: JSON.stringify(body),
        key: idempotencyKey(this.clientId, seq),
      },
      status: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
    });
  }

  private record(bodyText: string, answer: unknown) {
    const { changes } = JSON.parse(bodyText) as {
      changes: { key: string; path: string; body: string }[];
    };
    const results =
      (
        answer as {
          results?: {
            key: string;
            status: number;
            replayed: boolean;
            body: Record<string, unknown>;
          }[];
        }
      ).results ?? [];
    for (const result of results) {
      if (!result.replayed) this.fresh.set(result.key, (this.fresh.get(result.key) ?? 0) + 1);
      // a replayed answer is the stored one: the first seen of a key is its answer
      if (this.applied.some((a) => a.key === result.key)) continue;
      const change = changes.find((c) => c.key === result.key)!;
      this.applied.push({
        key: result.key,
        path: change.path,
        body: JSON.parse(change.body) as Record<string, unknown>,
        status: result.status,
        answer: result.body,
      });
    }
  }

  /** fetch as this device's network behaves */
  private readonly fetch: typeof fetch = async (input, init) => {
    if (!this.online) throw new TypeError('offline');
    const body = typeof init?.body === 'string' ? init.body : '';
    const send = async (text: string) => {
      const res = await fetch(input, { ...init, body: text });
      const answer: unknown = await res
        .clone()
        .json()
        .catch(() => ({}));
      if (res.ok) this.record(text, answer);
      return res;
    };
    if (this.faults.enabled && this.sent.length > 0 && this.random() < this.faults.resendOld) {
      const old = this.sent[Math.floor(this.random() * this.sent.length)]!;
      await send(old).catch(() => undefined);
    }
    this.sent.push(body);
    if (this.sent.length > 20) this.sent.shift();
    if (this.faults.enabled && this.random() < this.faults.duplicate) {
      const [first] = await Promise.all([send(body), send(body).catch(() => undefined)]);
      return first;
    }
    const res = await send(body);
    if (this.faults.enabled && this.random() < this.faults.loseAnswer)
      throw new TypeError('answer lost');
    return res;
  };

  replay(): Promise<ReplayReport> {
    return replayQueue(this.outbox, this.token, {
      fetch: this.fetch,
      url: (path) => `${this.base()}${path}`,
      ignoreBackoff: true,
      timeoutMs: 10_000,
    });
  }

  pending() {
    return this.outbox.rows.filter((r) => r.status === 'queued').length;
  }

  rejected() {
    return this.outbox.rows.filter((r) => r.status === 'rejected');
  }

  private async get(path: string) {
    const res = await fetch(`${this.base()}${path}`, {
      headers: { Authorization: `Bearer ${this.token}` },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }

  /** Pulls what moved (by cursor); one pull at a time, another after it if asked meanwhile. */
  pull(): Promise<void> {
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      do {
        this.pullAgain = false;
        try {
          const since = this.board ? `?since=${this.board.cursor}` : '';
          const answer = await this.get(`/api/kanban/boards/${this.boardId}${since}`);
          if (answer.board) this.board = answer.board as Required<KanbanBoard>;
          const calendar = await this.get(`/api/calendar/events?calendarId=${this.calendarId}`);
          this.events = calendar.events as CalendarEvent[];
          this.calendarCursor = calendar.cursor as number;
        } catch {
          // offline or the server is down: the next notice or the reconnect pulls again
        }
      } while (this.pullAgain);
      this.pulling = null;
    })();
    return this.pulling;
  }

  /** Keeps GET /api/live open while online, reconnecting with its cursor. */
  connect() {
    if (this.stream || !this.online) return;
    const controller = new AbortController();
    this.stream = controller;
    void (async () => {
      try {
        const res = await fetch(`${this.base()}/api/live`, {
          headers: {
            Authorization: `Bearer ${this.token}`,
            ...(this.streamCursor ? { 'Last-Event-ID': this.streamCursor } : {}),
          },
          signal: controller.signal,
        });
        if (!res.ok) throw new Error(String(res.status));
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: ?(.*)$/m.exec(block)?.[1];
            const id = /^id: ?(.*)$/m.exec(block)?.[1];
            if (id) this.streamCursor = id;
            if (event !== 'notice') continue;
            const data = JSON.parse(/^data: ?(.*)$/m.exec(block)![1]!) as {
              feature: string;
              cursor: number;
            };
            this.notices += 1;
            const behind =
              (data.feature === 'kanban' && (!this.board || data.cursor > this.board.cursor)) ||
              (data.feature === 'calendar' && data.cursor > this.calendarCursor);
            if (behind) void this.pull();
          }
        }
      } catch {
        // aborted (offline) or the server went away
      }
      if (this.stream === controller) this.stream = null;
      if (!controller.signal.aborted) setTimeout(() => this.connect(), 100);
    })();
  }

  goOffline() {
    this.online = false;
    this.stream?.abort();
    this.stream = null;
  }

  goOnline() {
    this.online = true;
    this.connect();
  }

  close() {
    this.online = false;
    this.stream?.abort();
  }
}
