import { idlePart } from '@/lib/idle-part';

/** The name field for a column or card, shown on demand: it checks names with the contract's zod
 *  schema (server/contracts/kanban.ts), which the board's first load does without. */
export const nameForm = idlePart(() => import('./name-form').then((m) => m.NameForm));
export const NameFormPart = nameForm.Part;
