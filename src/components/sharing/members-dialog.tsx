// Sharing a board or a calendar with people: its owner invites by email as editor or viewer,
// changes a member's role and removes members. A modal dialog (focus kept inside, Escape
// closes, every control named), loaded when the owner opens it.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiRequestError } from '@/lib/api-client';
import {
  changeRole,
  invite,
  membersQuery,
  removeMember,
  type ShareTarget,
} from '@/lib/sharing/sharing-api';

import {
  inviteSchema,
  MEMBER_ROLES,
  type Member,
  type MemberRole,
} from '../../../server/contracts/live';

interface MembersDialogProps {
  opened: boolean;
  onClose: () => void;
  target: ShareTarget;
  /** the board's or calendar's name, for the title */
  name: string;
}

/** The sentence for a refused invitation (the server's status says which case it is). */
function inviteError(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'sharing.errors.failed';
  if (error.status === 404) return 'sharing.errors.noUser';
  if (error.status === 409) return 'sharing.errors.already';
  if (error.status === 400)
    return error.fields.email ? 'sharing.errors.self' : 'sharing.errors.failed';
  if (error.status === 422) return 'sharing.errors.full';
  return 'sharing.errors.failed';
}

export function MembersDialog({ opened, onClose, target, name }: MembersDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const members = useQuery({ ...membersQuery(target), enabled: opened });
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersQuery(target).queryKey });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [error, setError] = useState<string | null>(null);

  const inviting = useMutation({
    mutationFn: () => invite(target, email, role),
    meta: { silent: true },
    onSuccess: async () => {
      setEmail('');
      setError(null);
      await refresh();
    },
    onError: (e) => setError(inviteError(e)),
  });
  const roleChange = useMutation({
    mutationFn: (v: { member: Member; role: MemberRole }) =>
      changeRole(target, v.member.id, v.role),
    onSuccess: refresh,
  });
  const removal = useMutation({
    mutationFn: (member: Member) => removeMember(target, member.id),
    onSuccess: refresh,
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('sharing.members.title', { name })} size="lg">
      <Stack gap="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!inviteSchema.shape.email.safeParse(email).success)
              return setError('sharing.errors.email');
            inviting.mutate();
          }}
        >
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 14rem' }}
              type="email"
              label={t('sharing.members.email')}
              placeholder={t('sharing.members.emailPlaceholder')}
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setError(null);
              }}
              error={error ? t(error) : undefined}
              data-testid="invite-email"
            />
            <NativeSelect
              label={t('sharing.members.role')}
              value={role}
              onChange={(event) => setRole(event.currentTarget.value as MemberRole)}
              data={MEMBER_ROLES.map((r) => ({ value: r, label: t(`sharing.roles.${r}`) }))}
              data-testid="invite-role"
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 25 }}
              leftSection={<IconUserPlus size={16} />}
              loading={inviting.isPending}
              data-testid="invite-submit"
            >
              {t('sharing.members.invite')}
            </Button>
          </Group>
        </form>
        <Text size="sm" fw={600} component="h3" m={0}>
          {t('sharing.members.list')}
        </Text>
        {members.isPending ? (
          <Loader size="sm" aria-label={t('sharing.members.loading')} />
        ) : members.isError ? (
          <Text c="red" size="sm">
            {t('sharing.errors.load')}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="members-list"
          >
            {members.data.map((member) => (
              <Group
                key={member.id}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-testid="member"
              >
                <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text size="sm" fw={500} truncate>
                    {member.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {member.email}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  {member.status === 'pending' ? (
                    <Badge variant="light" color="yellow">
                      {t('sharing.members.pending')}
                    </Badge>
                  ) : null}
                  {member.role === 'owner' ? (
                    <Badge variant="light">{t('sharing.roles.owner')}</Badge>
                  ) : (
                    <>
                      <NativeSelect
                        size="xs"
                        w={120}
                        aria-label={t('sharing.members.roleOf', { name: member.name })}
                        value={member.role}
                        disabled={roleChange.isPending}
                        onChange={(event) =>
                          roleChange.mutate({
                            member,
                            role: event.currentTarget.value as MemberRole,
                          })
                        }
                        data={MEMBER_ROLES.map((r) => ({
                          value: r,
                          label: t(`sharing.roles.${r}`),
                        }))}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('sharing.members.remove', { name: member.name })}
                        loading={removal.isPending && removal.variables?.id === member.id}
                        onClick={() => removal.mutate(member)}
                        data-testid="member-remove"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
