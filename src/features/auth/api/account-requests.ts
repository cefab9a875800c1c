// The sign-in pages' calls as TanStack Query mutations. Each form shows its own errors (on its
// fields and in an alert), so the client's global error notification stays silent for them.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { login, register, updateUser, type RegisterInput } from '@/lib/auth/auth-store';

import type { LoginInput, PublicUser } from '../../../../server/contracts/user';

export interface AccessRequestInput {
  email: string;
  name: string;
  company?: string;
  message?: string;
}

const silent = { silent: true } as const;

export const useLogin = () =>
  useMutation({ mutationFn: (input: LoginInput) => login(input), meta: silent });

export const useRegister = () =>
  useMutation({ mutationFn: (input: RegisterInput) => register(input), meta: silent });

export const useRequestAccess = () =>
  useMutation({
    mutationFn: (input: AccessRequestInput) =>
      api.post('/api/v1/user/access-request', { json: input }).json<{ ok: true }>(),
    meta: silent,
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (email: string) =>
      api.post('/api/v1/user/password/forgot', { json: { email } }).json<{ ok: true }>(),
    meta: silent,
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      api.post('/api/v1/user/password/reset', { json: { token, password } }).json<{ ok: true }>(),
    meta: silent,
  });

export const useRequestVerification = () =>
  useMutation({
    mutationFn: () => api.post('/api/v1/user/verify/request').json<{ ok: true }>(),
    meta: silent,
  });

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (token: string) =>
      api.post('/api/v1/user/verify', { json: { token } }).json<{ ok: true; user: PublicUser }>(),
    onSuccess: ({ user }) => updateUser(user),
    meta: silent,
  });
