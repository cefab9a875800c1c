// Account and user-management calls (REST, /api/v1/user/*).
import { api } from '@/lib/api-client';

import type { AuthResponse, ChannelClaim, PublicUser } from '../../../../server/contracts/user';

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone: string;
  country: string;
  city: string;
  about: string;
  youtubeExternalId: string;
}

export interface ManagedUser extends PublicUser {
  status: 'active' | 'banned';
  lastSeenAt: string | null;
}

export interface UserListParams {
  search: string;
  page: number;
  pageSize: number;
  role?: 'admin' | 'user';
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

export const userListQuery = (params: UserListParams) => ({
  queryKey: ['users', params] as const,
  queryFn: () => {
    const searchParams: Record<string, string> = {
      page: String(params.page),
      pageSize: String(params.pageSize),
    };
    if (params.search) searchParams.search = params.search;
    if (params.role) searchParams.role = params.role;
    return api.get('/api/v1/user/list', { searchParams }).json<UserList>();
  },
});

export const updateManagedUser = (
  id: string,
  input: { role?: 'admin' | 'user'; status?: 'active' | 'banned' },
) =>
  api
    .patch(`/api/v1/user/${encodeURIComponent(id)}`, { json: input })
    .json<{ user: ManagedUser }>();

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
