// Sharing a board or a calendar (docs/live.md, /api/sharing): members, invitations and their
// answers, as query and mutation options over the one REST client. Shared by the boards and
// the calendars (`kind`), which is all they have in common here.
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Invitation, Member, MemberRole, ShareKind } from '../../../server/contracts/live';

export interface ShareTarget {
  kind: ShareKind;
  id: string;
}

export const membersQuery = ({ kind, id }: ShareTarget) =>
  queryOptions({
    queryKey: ['sharing', 'members', kind, id],
    queryFn: async () =>
      (
        await api
          .get('/api/sharing/members', { searchParams: { kind, id } })
          .json<{ members: Member[] }>()
      ).members,
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: ['sharing', 'invitations'],
    queryFn: async () =>
      (await api.get('/api/sharing/invitations').json<{ invitations: Invitation[] }>()).invitations,
    staleTime: 30_000,
  });

export const invite = (target: ShareTarget, email: string, role: MemberRole) =>
  api.post('/api/sharing/invite', { json: { ...target, email, role } }).json<{ member: Member }>();

export const changeRole = (target: ShareTarget, userId: string, role: MemberRole) =>
  api.post('/api/sharing/role', { json: { ...target, userId, role } }).json<{ member: Member }>();

export const removeMember = (target: ShareTarget, userId: string) =>
  api.post('/api/sharing/remove', { json: { ...target, userId } }).json<{ removed: true }>();

export const acceptInvitation = (target: ShareTarget) =>
  api.post('/api/sharing/accept', { json: target }).json<unknown>();

export const declineInvitation = (target: ShareTarget) =>
  api.post('/api/sharing/decline', { json: target }).json<{ declined: true }>();
