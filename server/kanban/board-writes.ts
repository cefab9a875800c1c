// The one way a kanban board is changed. Each write is a function of (transaction, user,
// validated input) in columns.ts or cards.ts; `writeBoard` runs one inside the caller's
// transaction (a sync mutation's, so it applies exactly once). Every board write the API
// offers goes through it: a rule that must hold after any change of a board belongs here.
import type { Executor } from '../db/client.ts';
import type { BoardUser } from './board.ts';

export type BoardWrite<Input, Answer> = (
  tx: Executor,
  user: BoardUser,
  input: Input,
) => Promise<Answer>;

export function writeBoard<Input, Answer>(
  tx: Executor,
  user: BoardUser,
  write: BoardWrite<Input, Answer>,
  input: Input,
): Promise<Answer> {
  return write(tx, user, input);
}
