// Called by sign-up when the new user gave a youtubeExternalId. When it matches a channel in
// the catalogue that nobody owns yet, the new user becomes its owner; when it matches a
// person, the user gets a channel under that id (their videos stay where they are). Either
// way the newest video of that channel or person the user may now see is returned, and the
// client opens it. A channel that already has an owner is never taken over.
import { sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { catalogueChannels } from '../db/schema/index.ts';
import { queryRows } from './sql-rows.ts';

export async function claimChannelOnSignup(
  db: Database,
  user: {
    id: string;
    slug?: string;
    firstName?: string;
    lastName?: string;
    youtubeExternalId: string | null;
  },
): Promise<string | undefined> {
  const externalId = user.youtubeExternalId?.trim();
  if (!externalId) return undefined;

  const claimed = await queryRows<{ id: string }>(
    db,
    sql`update catalogue_channels set owner_user_id = ${user.id}
      where youtube_channel_id = ${externalId} and owner_user_id is null returning id`,
  );
  const [channel] = claimed.length
    ? claimed
    : await queryRows<{ id: string }>(
        db,
        sql`select id from catalogue_channels where youtube_channel_id = ${externalId}
          and owner_user_id = ${user.id} limit 1`,
      );
  if (channel) {
    const [newest] = await queryRows<{ id: string }>(
      db,
      sql`select id from catalogue_videos where channel_id = ${channel.id}
        order by premiere_date desc nulls last, created_at desc, id desc limit 1`,
    );
    return newest?.id;
  }

  const [person] = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from catalogue_people where youtube_channel_id = ${externalId} limit 1`,
  );
  if (!person) return undefined;
  const taken = await queryRows<{ id: string }>(
    db,
    sql`select id from catalogue_channels where youtube_channel_id = ${externalId} limit 1`,
  );
  if (!taken.length) {
    await db
      .insert(catalogueChannels)
      .values({
        externalId: `youtube:${externalId}`,
        slug: user.slug ?? `channel-${externalId.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        name: person.name,
        youtubeChannelId: externalId,
        ownerUserId: user.id,
      })
      .onConflictDoNothing();
  }
  const [newest] = await queryRows<{ id: string }>(
    db,
    sql`select v.id from catalogue_videos v join catalogue_video_people vp on vp.video_id = v.id
      where vp.person_id = ${person.id} and v.access_level in ('public', 'members')
      order by v.premiere_date desc nulls last, v.created_at desc, v.id desc limit 1`,
  );
  return newest?.id;
}
