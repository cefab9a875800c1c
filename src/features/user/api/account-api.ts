// Account and user-management calls (REST, /api/v1/user/*).
import { api } from '@/lib/api-client';

import type {
  AdminActionEntry,
  AdminUserCreate,
  AdminUserUpdate,
  AuthResponse,
  ChannelClaim,
  ManagedUser,
  ManagedUserDetails,
  PublicUser,
  UserCard,
  UserStatus,
} from '../../../../server/contracts/user';

export type { AdminActionEntry, ManagedUser, ManagedUserDetails, UserCard };

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone: string;
  country: string;
  city: string;
  about: string;
  youtubeExternalId: string;
}

export interface UserListParams {
  search: string;
  page: number;
  pageSize: number;
  role?: 'admin' | 'user';
  status?: UserStatus;
}

export interface UserList {
  users: ManagedUser[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AccessRequest {
  id: string;
  email: string;
  name: string;
  company: string | null;
  message: string | null;
  status: 'pending' | 'approved' | 'declined';
  createdAt: string;
}

export interface ProfileDetails {
  phone: string;
  country: string;
  city: string;
  about: string;
}

export const profileQuery = {
  queryKey: ['user', 'profile'] as const,
  queryFn: () =>
    api.get('/api/v1/user/profile').json<{ user: PublicUser; profile: ProfileDetails }>(),
};

export const updateProfile = (input: Partial<ProfileInput>) =>
  api
    .patch('/api/v1/user/profile', { json: input })
    .json<{ user: PublicUser; profile: ProfileDetails }>();

export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  api.post('/api/v1/user/password/change', { json: input }).json<AuthResponse>();

export const requestVerification = () =>
  api.post('/api/v1/user/verify/request').json<{ ok: true; alreadyVerified: boolean }>();

export const logoutEverywhere = () => api.post('/api/v1/user/logout-all').json<{ ok: true }>();

const listParams = (params: UserListParams) => {
  const searchParams: Record<string, string> = {
    page: String(params.page),
    pageSize: String(params.pageSize),
  };
  if (params.search) searchParams.search = params.search;
  if (params.role) searchParams.role = params.role;
  if (params.status) searchParams.status = params.status;
  return searchParams;
};

export const userListQuery = (params: UserListParams) => ({
  queryKey: ['users', 'list', params] as const,
  queryFn: () =>
    api.get('/api/v1/user/list', { searchParams: listParams(params) }).json<UserList>(),
});

export const userDirectoryQuery = (params: UserListParams) => ({
  queryKey: ['users', 'directory', params] as const,
  queryFn: () =>
    api
      .get('/api/v1/user/directory', { searchParams: listParams(params) })
      .json<{ users: UserCard[]; total: number; page: number; pageSize: number }>(),
});

export const managedUserQuery = (slug: string) => ({
  queryKey: ['users', 'manage', slug] as const,
  queryFn: () =>
    api.get(`/api/v1/user/manage/${encodeURIComponent(slug)}`).json<{ user: ManagedUserDetails }>(),
});

export const createManagedUser = (input: AdminUserCreate) =>
  api.post('/api/v1/user', { json: input }).json<{ user: ManagedUser; invitationSent: boolean }>();

export const updateManagedUser = (id: string, input: AdminUserUpdate) =>
  api
    .patch(`/api/v1/user/${encodeURIComponent(id)}`, { json: input })
    .json<{ user: ManagedUserDetails }>();

export const resendInvitation = (id: string) =>
  api.post(`/api/v1/user/${encodeURIComponent(id)}/invitation`).json<{ ok: true }>();

/** What admins did to the account, newest first (the edit page's history). */
export const adminActionsQuery = (id: string) => ({
  queryKey: ['users', 'admin-actions', id] as const,
  queryFn: () =>
    api
      .get(`/api/v1/user/${encodeURIComponent(id)}/admin-actions`)
      .json<{ actions: AdminActionEntry[] }>(),
});

export const accessRequestsQuery = {
  queryKey: ['access-requests'] as const,
  queryFn: () => api.get('/api/v1/user/access-requests').json<{ requests: AccessRequest[] }>(),
};

export const updateAccessRequest = (id: string, status: AccessRequest['status']) =>
  api
    .patch(`/api/v1/user/access-requests/${encodeURIComponent(id)}`, { json: { status } })
    .json<{ request: AccessRequest }>();

export const channelClaimsQuery = {
  queryKey: ['channel-claims'] as const,
  queryFn: () => api.get('/api/v1/user/channel-claims').json<{ claims: ChannelClaim[] }>(),
};

export const decideChannelClaim = (id: string, status: 'approved' | 'refused') =>
  api
    .patch(`/api/v1/user/channel-claims/${encodeURIComponent(id)}`, { json: { status } })
    .json<{ ok: true; status: 'approved' | 'refused' }>();
