import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import type { UserCard as UserCardData } from '../api/account-api';
import { formatCount } from './format';
import { UserRoleBadge, UserStatusBadge } from './user-status-badge';

/** One person in the directory: who, their role and state, and what they have in the app. */
export function UserCard({ user }: { user: UserCardData }) {
  const { t, i18n } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`;
  const figures = [
    { key: 'videos', value: user.counts.videos },
    { key: 'conversations', value: user.counts.conversations },
    { key: 'referrals', value: user.counts.referrals },
  ] as const;
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-label={name}>
      <Stack align="center" gap={6} ta="center">
        <Avatar src={user.avatarUrl} name={name} color="initials" size={72} radius="xl" />
        <Text fw={700} mt="xs" maw="100%" truncate>
          {name}
        </Text>
        <Text size="sm" c="dimmed" maw="100%" truncate>
          {user.email}
        </Text>
        <Group gap="xs" justify="center">
          <UserRoleBadge role={user.role} />
          <UserStatusBadge status={user.status} />
        </Group>
      </Stack>
      <Card.Section withBorder inheritPadding py="sm" mt="md">
        <SimpleGrid cols={3} spacing="xs">
          {figures.map((f) => (
            <Stack key={f.key} gap={0} align="center">
              <Text fw={700} size="lg" data-testid={`count-${f.key}`}>
                {formatCount(i18n.language, f.value)}
              </Text>
              <Text size="xs" c="dimmed" ta="center" lh={1.2}>
                {t(`user.cards.${f.key}`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Card.Section>
      <Button
        component={Link}
        to={paths.dashboard.user.edit.href(user.slug)}
        variant="light"
        fullWidth
        mt="md"
        leftSection={<IconPencil size={16} />}
        aria-label={t('user.cards.editOf', { name })}
      >
        {t('user.cards.edit')}
      </Button>
    </Card>
  );
}
