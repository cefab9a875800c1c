import { Avatar, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { notify } from '@/lib/notify';

import { adminActionsQuery, resendInvitation, type ManagedUserDetails } from '../api/account-api';
import { formatDate } from './format';
import { UserRoleBadge, UserStatusBadge } from './user-status-badge';

/** The head of the edit page: who this is, their state, and the invitation for a pending account. */
export function UserSummary({ user }: { user: ManagedUserDetails }) {
  const { t, i18n } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`;
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendInvitation(user.id),
    onSuccess: () => {
      notify.success(t('user.manage.resent', { email: user.email }));
      return queryClient.invalidateQueries({ queryKey: adminActionsQuery(user.id).queryKey });
    },
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} mb="lg">
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={user.avatarUrl} name={name} color="initials" size={64} radius="xl" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" truncate>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
            <Group gap="xs">
              <UserRoleBadge role={user.role} />
              <UserStatusBadge status={user.status} />
            </Group>
          </Stack>
        </Group>
        <Stack gap={4} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('user.manage.joined', { date: formatDate(i18n.language, user.createdAt) })}
          </Text>
          <Text size="xs" c="dimmed">
            {user.lastSeenAt
              ? t('user.manage.lastSeen', { date: formatDate(i18n.language, user.lastSeenAt) })
              : t('user.manage.neverSeen')}
          </Text>
        </Stack>
      </Group>
      {user.status === 'pending' ? (
        <Group mt="md" gap="sm" justify="space-between">
          <Text size="sm">{t('user.manage.pendingNote', { name: user.firstName })}</Text>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconMailForward size={16} />}
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {t('user.manage.resend')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
