// The admin's user form: its values, its validation by the server's own zod schema (messages
// the schema and the server share are shown in the reader's language), and the change an edit
// sends (only the fields that differ from what was loaded).
import { schemaResolver } from '@mantine/form';
import type { TFunction } from 'i18next';

import {
  adminUserCreateSchema,
  adminUserFormSchema,
  type AdminUserCreate,
  type AdminUserForm,
  type AdminUserUpdate,
  type ManagedUserDetails,
} from '../../../../server/contracts/user';

export type UserFormMode = 'create' | 'edit';

export const emptyUserForm = (): AdminUserForm => ({
  firstName: '',
  lastName: '',
  email: '',
  role: 'user',
  status: 'pending',
  phone: '',
  country: '',
  city: '',
  about: '',
});

export const userToForm = (user: ManagedUserDetails): AdminUserForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  role: user.role,
  status: user.status,
  phone: user.phone,
  country: user.country,
  city: user.city,
  about: user.about,
});

/** A schema or server message in the reader's language, when it is one we know. */
export function translateFieldError(t: TFunction, message: string): string {
  if (message.endsWith('is required.')) return t('user.errors.required');
  if (message.endsWith('is too long.')) return t('user.errors.tooLong');
  if (message === 'Invalid email address.') return t('user.errors.invalidEmail');
  if (message === 'An account with this email already exists.') return t('user.errors.emailTaken');
  if (message.startsWith('Role must') || message.startsWith('Status must'))
    return t('user.errors.choose');
  return message;
}

export function validateUserForm(mode: UserFormMode, t: TFunction) {
  const resolve = schemaResolver(mode === 'create' ? adminUserCreateSchema : adminUserFormSchema, {
    sync: true,
  });
  return (values: AdminUserForm) =>
    Object.fromEntries(
      Object.entries(resolve(values)).map(([field, message]) => [
        field,
        typeof message === 'string' ? translateFieldError(t, message) : message,
      ]),
    );
}

export function toCreateInput(values: AdminUserForm): AdminUserCreate {
  return adminUserCreateSchema.parse(values);
}

/** The fields that changed, trimmed as the server will store them. */
export function toUpdateInput(values: AdminUserForm, initial: AdminUserForm): AdminUserUpdate {
  const parsed = adminUserFormSchema.parse(values);
  const start = adminUserFormSchema.safeParse(initial);
  const before: Partial<AdminUserForm> = start.success ? start.data : initial;
  const change: Record<string, string> = {};
  for (const key of Object.keys(parsed) as (keyof AdminUserForm)[]) {
    if (parsed[key] !== before[key]) change[key] = parsed[key];
  }
  return change;
}
