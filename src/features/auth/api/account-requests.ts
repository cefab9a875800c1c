import { api } from '@/lib/api-client';

import type { PublicUser } from '../../../../server/contracts/user';

export interface AccessRequestInput {
  email: string;
  name: string;
  company?: string;
  message?: string;
}

export const requestAccess = (input: AccessRequestInput) =>
  api.post('/api/v1/user/access-request', { json: input }).json<{ ok: true }>();

export const forgotPassword = (email: string) =>
  api.post('/api/v1/user/password/forgot', { json: { email } }).json<{ ok: true }>();

export const resetPassword = (token: string, password: string) =>
  api.post('/api/v1/user/password/reset', { json: { token, password } }).json<{ ok: true }>();

export const requestVerification = () => api.post('/api/v1/user/verify/request').json<{ ok: true }>();

export const verifyEmail = (token: string) =>
  api.post('/api/v1/user/verify', { json: { token } }).json<{ ok: true; user: PublicUser }>();
