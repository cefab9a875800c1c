import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** The next thing to do (a button or link). */
  action?: ReactNode;
  icon?: ReactNode;
  /** The title's heading level: 3 under a page's h2 section, 2 right under its h1. */
  headingOrder?: 2 | 3;
}

/** A designed empty state: what is missing and the next action. */
export function EmptyState({ title, description, action, icon, headingOrder = 3 }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py="xl" px="md" ta="center" data-testid="empty-state">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
        {icon ?? <IconInbox size={28} />}
      </ThemeIcon>
      <Title order={headingOrder} size="h4">
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
