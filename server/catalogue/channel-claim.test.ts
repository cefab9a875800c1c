// Sign-up with a youtubeExternalId: the answer opens the channel's newest public video, but
// ownership (and the channel's private videos) comes only after the user's email is verified
// and an admin approves the claim; an owned channel is never taken over.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { catalogueChannels, users } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { importCatalogue } from './importer.ts';
import { loadTestCatalogue } from './testing/catalogue.ts';

let server: TestServer;
let admin: { token: string };

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
    JSON.stringify({
      externalId: 'beta-secret',
      title: 'Beta Secret Cut',
      premiereDate: '2024-03-03',
      accessLevel: 'private',
      channel: { externalId: 'beta', name: 'Beta Channel' },
    }),
    JSON.stringify({
      externalId: 'gamma-1',
      title: 'Gamma One',
      channel: { externalId: 'gamma', name: 'Gamma', youtubeChannelId: 'UCgammaChannel00000000' },
    }),
  ]);
  admin = await server.createUser({ role: 'admin' });
});
afterAll(() => server.close());

let n = 0;
async function signup(youtubeExternalId: string) {
  n += 1;
  const email = `claimer${n}@example.com`;
  const res = await server.call('POST', '/api/v1/user/signup', {
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
  const body = (await res.json()) as {
    videoId?: string;
    accessToken: string;
    user: { id: string };
  };
  return { res, body };
}

async function videoIdOf(externalId: string) {
  const { rows } = (await server.deps.database.db.execute(
    sql`select id from catalogue_videos where external_id = ${externalId}`,
  )) as unknown as { rows: { id: string }[] };
  return rows[0]!.id;
}

async function betaOwner() {
  const [channel] = await server.deps.database.db
    .select()
    .from(catalogueChannels)
    .where(eq(catalogueChannels.externalId, 'beta'));
  return channel!.ownerUserId;
}

async function seesSecret(token: string) {
  const res = await server.call(
    'GET',
    `/trpc/catalogue.video?input=${encodeURIComponent(JSON.stringify({ videoId: await videoIdOf('beta-secret') }))}`,
    { token },
  );
  return res.status === 200;
}

async function claimsOf(userId: string, status = 'pending') {
  const res = await server.call('GET', `/api/v1/user/channel-claims?status=${status}`, {
    token: admin.token,
  });
  expect(res.status).toBe(200);
  const { claims } = (await res.json()) as { claims: { id: string; user: { id: string } }[] };
  return claims.filter((c) => c.user.id === userId);
}

function decide(claimId: string, status: string, token = admin.token) {
  return server.call('PATCH', `/api/v1/user/channel-claims/${claimId}`, {
    token,
    body: { status },
  });
}

async function verify(userId: string) {
  await server.deps.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, userId));
}

describe('sign-up with a channel id', () => {
  let first: Awaited<ReturnType<typeof signup>>;

  it('answers the newest public video but grants nothing', async () => {
    first = await signup('UCbetaChannel000000001');
    expect(first.res.status).toBe(201);
    expect(first.body.videoId).toBe(await videoIdOf('beta-new'));
    expect(await betaOwner()).toBeNull();
    expect(await seesSecret(first.body.accessToken)).toBe(false);
    expect(await claimsOf(first.body.user.id)).toHaveLength(1);
  });

  it('only an admin lists and decides claims', async () => {
    const [claim] = await claimsOf(first.body.user.id);
    const list = await server.call('GET', '/api/v1/user/channel-claims', {
      token: first.body.accessToken,
    });
    expect(list.status).toBe(403);
    expect((await decide(claim!.id, 'approved', first.body.accessToken)).status).toBe(403);
    expect((await server.call('GET', '/api/v1/user/channel-claims')).status).toBe(401);
    expect((await decide(claim!.id, 'maybe')).status).toBe(400);
    expect(await betaOwner()).toBeNull();
  });

  it('an approval waits for a verified email', async () => {
    const [claim] = await claimsOf(first.body.user.id);
    const early = await decide(claim!.id, 'approved');
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toMatch(/verified/);
    expect(await betaOwner()).toBeNull();
  });

  it('verified and approved, the user owns the channel and sees its private videos', async () => {
    const rival = await signup('UCbetaChannel000000001');
    await verify(first.body.user.id);
    const [claim] = await claimsOf(first.body.user.id);
    expect((await decide(claim!.id, 'approved')).status).toBe(200);
    expect(await betaOwner()).toBe(first.body.user.id);
    expect(await seesSecret(first.body.accessToken)).toBe(true);
    // the competing claim is refused, and deciding twice is a conflict
    expect(await claimsOf(rival.body.user.id, 'refused')).toHaveLength(1);
    expect((await decide(claim!.id, 'approved')).status).toBe(409);
  });

  it('does not take over a channel that already has an owner', async () => {
    const late = await signup('UCbetaChannel000000001');
    expect(late.res.status).toBe(201);
    expect(late.body.videoId).toBeUndefined();
    expect(await claimsOf(late.body.user.id)).toHaveLength(0);
  });

  it("a person's id opens their newest video; approval gives a channel under that id", async () => {
    const cleo = await signup('UCcleoCreator000000000');
    expect(cleo.body.videoId).toBe(await videoIdOf('beta-new'));
    const before = await server.deps.database.db
      .select()
      .from(catalogueChannels)
      .where(eq(catalogueChannels.youtubeChannelId, 'UCcleoCreator000000000'));
    expect(before).toHaveLength(0);
    await verify(cleo.body.user.id);
    const [claim] = await claimsOf(cleo.body.user.id);
    expect((await decide(claim!.id, 'approved')).status).toBe(200);
    const [channel] = await server.deps.database.db
      .select()
      .from(catalogueChannels)
      .where(eq(catalogueChannels.youtubeChannelId, 'UCcleoCreator000000000'));
    expect(channel!.ownerUserId).toBe(cleo.body.user.id);
  });

  it('a refused claim grants nothing', async () => {
    const other = await signup('UCgammaChannel00000000');
    const [claim] = await claimsOf(other.body.user.id);
    expect((await decide(claim!.id, 'refused')).status).toBe(200);
    expect(await claimsOf(other.body.user.id, 'refused')).toHaveLength(1);
    const [gamma] = await server.deps.database.db
      .select()
      .from(catalogueChannels)
      .where(eq(catalogueChannels.externalId, 'gamma'));
    expect(gamma!.ownerUserId).toBeNull();
  });

  it('an unknown id signs up without a video or a claim', async () => {
    const res = await signup('UCnobodyKnowsThis00000');
    expect(res.res.status).toBe(201);
    expect(res.body.videoId).toBeUndefined();
    expect(await claimsOf(res.body.user.id)).toHaveLength(0);
  });
});
