// The card drawer's form model: the typed values, their validation with the contract's zod
// schema (errors keyed by field, checklist errors by item), and the patch of changed fields
// that an update sends (updates carry only what the user changed).
import {
  cardFieldsSchema,
  type CardFields,
  type ChecklistItem,
} from '../../../../server/contracts/kanban';

export interface CardFormValues {
  name: string;
  description: string;
  assignees: string[];
  priority: CardFields['priority'];
  /** the due day as YYYY-MM-DD (local), or null */
  dueDay: string | null;
  labels: string[];
  checklist: ChecklistItem[];
  completed: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function dueToDay(due: string | null): string | null {
  if (!due) return null;
  const date = new Date(due);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A due day is stored as noon local time on that day (stays on the same day in any zone). */
export function dayToDue(day: string | null): string | null {
  if (!day) return null;
  const date = new Date(`${day.slice(0, 10)}T12:00:00`);
  return Number.isNaN(date.getTime()) ? day : date.toISOString();
}

export function toFormValues(card: CardFields): CardFormValues {
  return {
    name: card.name,
    description: card.description,
    assignees: [...card.assignees],
    priority: card.priority,
    dueDay: dueToDay(card.due),
    labels: [...card.labels],
    checklist: card.checklist.map((item) => ({ ...item })),
    completed: card.completed,
  };
}

/** Field → translation key of its error; checklist items as `checklist.<index>`. */
export type FormErrors = Record<string, string>;

function errorKey(field: string, code: string): string {
  if (field === 'name') return code === 'too_big' ? 'name.tooLong' : 'name.required';
  if (field === 'description') return 'description';
  if (field === 'due') return 'due';
  if (field === 'priority') return 'priority';
  if (field === 'checklist') return code === 'too_big' ? 'checklistTooMany' : 'checklistText';
  if (field === 'assignees') return code === 'too_big' ? 'tooMany' : 'assignee';
  if (field === 'labels') return code === 'too_big' ? 'tooMany' : 'label';
  return 'invalid';
}

export function validateCard(
  values: CardFormValues,
): { ok: true; fields: CardFields } | { ok: false; errors: FormErrors } {
  const result = cardFieldsSchema.safeParse({
    name: values.name,
    description: values.description,
    assignees: values.assignees,
    priority: values.priority,
    due: dayToDue(values.dueDay),
    labels: values.labels,
    checklist: values.checklist,
    completed: values.completed,
  });
  if (result.success) return { ok: true, fields: result.data };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    const key =
      field === 'checklist' && typeof issue.path[1] === 'number'
        ? `checklist.${issue.path[1]}`
        : field;
    errors[key] ??= errorKey(field, issue.code);
  }
  return { ok: false, errors };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields that differ from the stored card. */
export function changedFields(before: CardFields, after: CardFields): Partial<CardFields> {
  const patch: Partial<Record<keyof CardFields, unknown>> = {};
  for (const key of Object.keys(after) as (keyof CardFields)[]) {
    if (!same(before[key], after[key])) patch[key] = after[key];
  }
  return patch as Partial<CardFields>;
}
