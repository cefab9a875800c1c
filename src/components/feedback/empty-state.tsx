import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** The next thing to do (a button or link). */
  action?: ReactNode;
  icon?: ReactNode;
}

/** A designed empty state: what is missing and the next action. */
export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py="xl" px="md" ta="center" data-testid="empty-state">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
        {icon ?? <IconInbox size={28} />}
      </ThemeIcon>
      <Title order={3} size="h4">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" maw={420}>
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
