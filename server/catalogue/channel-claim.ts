// Called by sign-up when the new user gave a youtubeExternalId: when it matches a channel or
// person in the catalogue, the user becomes that channel's owner and the newest of its videos
// is returned so the client can open it. (Filled in by the catalogue.)
import type { Database } from '../db/client.ts';

export function claimChannelOnSignup(
  _db: Database,
  _user: { id: string; youtubeExternalId: string | null },
): Promise<string | undefined> {
  return Promise.resolve(undefined);
}
