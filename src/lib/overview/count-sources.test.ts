import { describe, expect, it } from 'vitest';

import { countOnDevice, defineCountSource, NO_COUNTS } from './count-sources';

describe('countOnDevice', () => {
  it('puts every source’s figures together and leaves the figures nobody counts at 0', async () => {
    const mail = defineCountSource({ name: 'mail', count: () => Promise.resolve({ mails: 3, unreadMails: 1 }) });
    const chat = defineCountSource({ name: 'chat', count: () => Promise.resolve({ conversations: 2 }) });
    expect(await countOnDevice([mail, chat])).toEqual({
      ...NO_COUNTS,
      mails: 3,
      unreadMails: 1,
      conversations: 2,
    });
  });

  it('hands every source the same moment', async () => {
    const seen: string[] = [];
    const source = (name: string) =>
      defineCountSource({
        name,
        count: (now) => {
          seen.push(now.toISOString());
          return Promise.resolve({});
        },
      });
    const now = new Date('2026-05-01T12:00:00Z');
    await countOnDevice([source('a'), source('b')], now);
    expect(seen).toEqual([now.toISOString(), now.toISOString()]);
  });
});
