// Mail leaves under its sender's address (a Clipdeck mail, an invoice), so only a user whose
// address is verified may send: anyone else gets a 403 saying so.
import { eq } from 'drizzle-orm';

import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { forbidden } from '../lib/errors.ts';

export const VERIFY_TO_SEND =
  'Verify your email address before sending mail: mail goes out under it.';

/** The sender's verified address, or a 403. */
export async function verifiedSender(db: Executor, userId: string): Promise<{ email: string }> {
  const [sender] = await db
    .select({ verifiedAt: users.emailVerifiedAt, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!sender?.verifiedAt) throw forbidden(VERIFY_TO_SEND);
  return { email: sender.email };
}
