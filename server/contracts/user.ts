// Account payloads shared by the server and the client forms (one zod schema per input).
import { z } from 'zod';

import { INVALID_EMAIL, isValidEmail, PASSWORD_MAX, PASSWORD_MIN } from './email.ts';

export {
  emailExtension,
  INVALID_EMAIL,
  isValidEmail,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './email.ts';

const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .refine(isValidEmail, INVALID_EMAIL);

const password = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

const personName = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(80, `${label} is too long.`);

/** Trimmed text of at most `max` characters. */
const text = (max: number, tooLong?: string) => z.string().trim().max(max, tooLong);

export const signupSchema = z.object({
  email,
  password,
  firstName: personName('First name'),
  lastName: personName('Last name'),
  username: z.string().trim().max(254).optional(),
  name: z.string().trim().max(161).optional(),
  emailExtension: z.string().trim().max(253).optional(),
  referringUserSlug: text(120).nullish(),
  youtubeExternalId: z
    .string()
    .trim()
    .max(64, 'YouTube channel id is too long.')
    .regex(/^[A-Za-z0-9_-]*$/, 'YouTube channel id may contain only letters, digits, - and _.')
    .nullish(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(PASSWORD_MAX),
  /** The login payload's second-factor or captcha token: accepted and ignored, no verifier ships. */
  token: z.string().max(4096).nullish(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({
  token: z.string().min(10, 'The reset link is invalid.').max(200),
  password,
});
export const verifyEmailSchema = z.object({
  token: z.string().min(10, 'The verification link is invalid.').max(200),
});
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required.').max(PASSWORD_MAX),
  newPassword: password,
});
export const accessRequestSchema = z.object({
  email,
  name: personName('Name'),
  company: text(120).optional(),
  message: text(2000, 'Message is too long.').optional(),
});
export const profileSchema = z.object({
  firstName: personName('First name').optional(),
  lastName: personName('Last name').optional(),
  phone: text(40).nullish(),
  country: text(80).nullish(),
  city: text(80).nullish(),
  about: text(2000).nullish(),
  youtubeExternalId: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/, 'YouTube channel id may contain only letters, digits, - and _.')
    .nullish(),
});

/** The user object every auth call returns. */
export interface PublicUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  slug: string;
  role: 'admin' | 'user';
  youtubeExternalId: string | null;
  referringUserId: string | null;
  emailVerified: boolean;
  createdAt: string;
}

export interface AuthResponse {
  accessToken: string;
  user: PublicUser;
  videoId?: string;
}

export const USER_ROLES = ['user', 'admin'] as const;
/** `pending`: created by an admin, waiting for its owner to set a password (cannot sign in). */
export const USER_STATUSES = ['active', 'pending', 'banned'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];

const role = z.enum(USER_ROLES, 'Role must be user or admin.');
const status = z.enum(USER_STATUSES, 'Status must be active, pending or banned.');

export const userListQuerySchema = z.object({
  search: text(120).optional(),
  role: role.optional(),
  status: status.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * What an admin edits about a user (the edit form holds all of it). Creating takes the
 * identity part; an update sends any non-empty subset.
 */
export const adminUserFormSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email,
  role,
  status,
  phone: text(40, 'Phone is too long.'),
  country: text(80, 'Country is too long.'),
  city: text(80, 'City is too long.'),
  about: text(2000, 'About is too long.'),
});
export type AdminUserForm = z.infer<typeof adminUserFormSchema>;

export const adminUserCreateSchema = adminUserFormSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  role: true,
  status: true,
});
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

export const adminUserUpdateSchema = adminUserFormSchema
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: 'Nothing to change.',
  });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const userDirectoryQuerySchema = userListQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(48).default(12),
});

/** A user as the admin pages see it. */
export interface ManagedUser extends PublicUser {
  status: UserStatus;
  lastSeenAt: string | null;
  avatarUrl: string | null;
}

/** The edit page's user: the profile fields too. */
export interface ManagedUserDetails extends ManagedUser {
  phone: string;
  country: string;
  city: string;
  about: string;
}

/** A directory card: the user and what they have in the app. */
export interface UserCard extends ManagedUser {
  counts: { videos: number; conversations: number; referrals: number };
}

/** The id in a path such as /api/v1/user/:id (a user, an access request, a channel claim). */
export const idParam = z.object({ id: z.uuid('Must be a valid id.') });

export const accessRequestUpdateSchema = z.object({
  status: z.enum(['pending', 'approved', 'declined']),
});

export const channelClaimDecisionSchema = z.object({
  status: z.enum(['approved', 'refused'], 'Must be approved or refused.'),
});

export const channelClaimListQuery = z.object({
  status: z.enum(['pending', 'approved', 'refused']).default('pending'),
});

export interface ChannelClaim {
  id: string;
  status: 'pending' | 'approved' | 'refused';
  youtubeChannelId: string;
  channelName: string | null;
  createdAt: string;
  user: { id: string; name: string; email: string; emailVerified: boolean };
}

/** What an admin did to an account (the edit page's history). */
export const ADMIN_ACTION_KINDS = ['created', 'changed', 'invited'] as const;
export type AdminActionKind = (typeof ADMIN_ACTION_KINDS)[number];

/** The fields an admin can change, as the history names them. */
export const MANAGED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'role',
  'status',
  'phone',
  'country',
  'city',
  'about',
] as const;
export type ManagedField = (typeof MANAGED_FIELDS)[number];

/** Never a password, a token or a link: names of changed fields, and the new role and status. */
export interface AdminActionDetails {
  fields?: ManagedField[];
  role?: UserRole;
  status?: UserStatus;
  /** an email change: the address before and after */
  email?: { from: string; to: string };
}

export interface AdminActionEntry {
  id: string;
  action: AdminActionKind;
  /** null when that admin's account is gone */
  admin: { id: string; name: string } | null;
  details: AdminActionDetails;
  at: string;
}
