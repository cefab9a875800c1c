// Sign-up with a youtubeExternalId: the new user owns the matching channel and is sent to its
// newest video; a person's id gives the newest video with that person; an owned channel is
// never taken over.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { catalogueChannels } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../test-utils.ts';
import { importCatalogue } from './importer.ts';
import { loadTestCatalogue } from './test-catalogue.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  await loadTestCatalogue(server);
  await importCatalogue(server.deps.database.db, [
    JSON.stringify({
      externalId: 'beta-new',
      title: 'Beta Newest',
      premiereDate: '2024-02-02',
      channel: { externalId: 'beta', name: 'Beta Channel' },
      people: [{ name: 'Cleo Creator', youtubeChannelId: 'UCcleoCreator000000000' }],
    }),
  ]);
});
afterAll(() => server.close());

let n = 0;
function signup(youtubeExternalId: string) {
  n += 1;
  const email = `claimer${n}@example.com`;
  return server.call('POST', '/api/v1/user/signup', {
    body: {
      email,
      password: 'a long enough passphrase',
      firstName: 'Casey',
      lastName: 'Claimer',
      username: email,
      name: 'Casey Claimer',
      emailExtension: 'example.com',
      youtubeExternalId,
    },
  });
}

describe('sign-up with a channel', () => {
  it('claims an unowned channel and answers its newest video', async () => {
    const res = await signup('UCbetaChannel000000001');
    expect(res.status).toBe(201);
    const body = (await res.json()) as { videoId?: string; user: { id: string } };
    const [newest] = (
      (await server.deps.database.db.execute(
        sql`select id from catalogue_videos where external_id = 'beta-new'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    expect(body.videoId).toBe(newest!.id);
    const [channel] = await server.deps.database.db
      .select()
      .from(catalogueChannels)
      .where(eq(catalogueChannels.externalId, 'beta'));
    expect(channel!.ownerUserId).toBe(body.user.id);
  });

  it('does not take over a channel that already has an owner', async () => {
    const res = await signup('UCbetaChannel000000001');
    const body = (await res.json()) as { videoId?: string };
    expect(res.status).toBe(201);
    expect(body.videoId).toBeUndefined();
  });

  it("matches a person's id and opens their newest video", async () => {
    const res = await signup('UCcleoCreator000000000');
    const body = (await res.json()) as { videoId?: string };
    const rows = (
      (await server.deps.database.db.execute(
        sql`select id from catalogue_videos where external_id = 'beta-new'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    expect(body.videoId).toBe(rows[0]!.id);
  });

  it('an unknown id signs up without a video', async () => {
    const res = await signup('UCnobodyKnowsThis00000');
    expect(res.status).toBe(201);
    expect(((await res.json()) as { videoId?: string }).videoId).toBeUndefined();
  });
});
