// Channel ownership claimed at sign-up. A youtubeExternalId given at sign-up proves nothing (a
// channel id is public), so it only records a pending claim; the channel, with its private
// videos, becomes the user's when an admin approves the claim in user management AND the
// user's email is verified. A channel that already has an owner is never taken over, and an
// approval refuses the other pending claims for the same id. Sign-up still answers the newest
// public video of the channel (or of the person under that id) so the client can open it.
import { sql } from 'drizzle-orm';

import type { ChannelClaim } from '../contracts/user.ts';
import type { Database, Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { catalogueChannels, channelClaims } from '../db/schema/index.ts';
import { ApiError, conflict, notFound } from '../lib/errors.ts';

async function newestPublicVideo(db: Executor, externalId: string): Promise<string | undefined> {
  const [channel] = await queryRows<{ id: string; owner_user_id: string | null }>(
    db,
    sql`select id, owner_user_id from catalogue_channels where youtube_channel_id = ${externalId} limit 1`,
  );
  if (channel) {
    if (channel.owner_user_id) return undefined;
    const [newest] = await queryRows<{ id: string }>(
      db,
      sql`select id from catalogue_videos where channel_id = ${channel.id} and access_level = 'public'
        order by premiere_date desc nulls last, created_at desc, id desc limit 1`,
    );
    return newest?.id;
  }
  const [newest] = await queryRows<{ id: string }>(
    db,
    sql`select v.id from catalogue_videos v join catalogue_video_people vp on vp.video_id = v.id
      join catalogue_people p on p.id = vp.person_id
      where p.youtube_channel_id = ${externalId} and v.access_level = 'public'
      order by v.premiere_date desc nulls last, v.created_at desc, v.id desc limit 1`,
  );
  return newest?.id;
}

/**
 * Records a pending claim when the id names an unowned channel or a person of the catalogue,
 * and returns the newest public video to open. Grants nothing.
 */
export async function requestChannelClaim(
  db: Database,
  user: { id: string; youtubeExternalId: string | null },
): Promise<string | undefined> {
  const externalId = user.youtubeExternalId?.trim();
  if (!externalId) return undefined;
  const [known] = await queryRows<{ owned: boolean }>(
    db,
    sql`select (owner_user_id is not null) as owned from catalogue_channels
        where youtube_channel_id = ${externalId}
      union all
      select false from catalogue_people where youtube_channel_id = ${externalId}
      limit 1`,
  );
  if (!known || known.owned) return undefined;
  await db
    .insert(channelClaims)
    .values({ userId: user.id, youtubeChannelId: externalId })
    .onConflictDoNothing();
  return newestPublicVideo(db, externalId);
}

export async function listChannelClaims(
  db: Executor,
  status: ChannelClaim['status'],
): Promise<ChannelClaim[]> {
  const rows = await queryRows<{
    id: string;
    status: ChannelClaim['status'];
    youtube_channel_id: string;
    channel_name: string | null;
    created_at: string | Date;
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
    verified: boolean;
  }>(
    db,
    sql`select cl.id, cl.status, cl.youtube_channel_id, cl.created_at,
        coalesce(ch.name, p.name) as channel_name,
        u.id as user_id, u.first_name, u.last_name, u.email,
        (u.email_verified_at is not null) as verified
      from channel_claims cl join users u on u.id = cl.user_id
      left join lateral (select name from catalogue_channels
        where youtube_channel_id = cl.youtube_channel_id limit 1) ch on true
      left join lateral (select name from catalogue_people
        where youtube_channel_id = cl.youtube_channel_id limit 1) p on true
      where cl.status = ${status}
      order by cl.created_at desc, cl.id limit 500`,
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    youtubeChannelId: r.youtube_channel_id,
    channelName: r.channel_name,
    createdAt: new Date(r.created_at).toISOString(),
    user: {
      id: r.user_id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      emailVerified: Boolean(r.verified),
    },
  }));
}

async function grantChannel(tx: Executor, userId: string, slug: string, externalId: string) {
  const granted = await queryRows<{ id: string }>(
    tx,
    sql`update catalogue_channels set owner_user_id = ${userId}
      where youtube_channel_id = ${externalId} and owner_user_id is null returning id`,
  );
  if (granted.length) return;
  const [channel] = await queryRows<{ id: string }>(
    tx,
    sql`select id from catalogue_channels where youtube_channel_id = ${externalId} limit 1`,
  );
  if (channel) throw conflict('This channel already has an owner.');
  const [person] = await queryRows<{ name: string }>(
    tx,
    sql`select name from catalogue_people where youtube_channel_id = ${externalId} limit 1`,
  );
  if (!person) throw conflict('No channel or person of the catalogue has this id any more.');
  // the user's slug, or one derived from the id when a channel already uses it
  for (const candidate of [
    slug,
    `channel-${externalId.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  ]) {
    const inserted = await tx
      .insert(catalogueChannels)
      .values({
        externalId: `youtube:${externalId}`,
        slug: candidate,
        name: person.name,
        youtubeChannelId: externalId,
        ownerUserId: userId,
      })
      .onConflictDoNothing()
      .returning({ id: catalogueChannels.id });
    if (inserted.length) return;
  }
  throw conflict('A channel with this name already exists.');
}

/** An admin's decision. Approving needs the claimant's verified email. */
export async function decideChannelClaim(
  db: Database,
  claimId: string,
  adminId: string,
  decision: 'approved' | 'refused',
): Promise<void> {
  await db.transaction(async (tx) => {
    const [claim] = await queryRows<{
      user_id: string;
      youtube_channel_id: string;
      status: string;
      slug: string;
      verified: boolean;
    }>(
      tx,
      sql`select cl.user_id, cl.youtube_channel_id, cl.status, u.slug,
          (u.email_verified_at is not null) as verified
        from channel_claims cl join users u on u.id = cl.user_id
        where cl.id = ${claimId} for update of cl`,
    );
    if (!claim) throw notFound('No such channel claim.');
    if (claim.status !== 'pending') throw conflict('This claim has already been decided.');
    if (decision === 'approved') {
      if (!claim.verified)
        throw new ApiError(409, 'The user has not verified their email address yet.');
      await grantChannel(tx, claim.user_id, claim.slug, claim.youtube_channel_id);
      await tx.execute(
        sql`update channel_claims set status = 'refused', decided_by = ${adminId}, decided_at = now()
          where youtube_channel_id = ${claim.youtube_channel_id} and status = 'pending' and id <> ${claimId}`,
      );
    }
    await tx.execute(
      sql`update channel_claims set status = ${decision}, decided_by = ${adminId}, decided_at = now()
        where id = ${claimId}`,
    );
  });
}
