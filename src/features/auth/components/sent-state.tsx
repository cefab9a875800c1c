import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The "done" screen of a form: an icon, a title, what happens next, a way on. */
export function SentState({
  icon,
  title,
  body,
  action,
  to,
  color,
}: {
  icon: ReactNode;
  title: string;
  body: ReactNode;
  action: string;
  to: string;
  color?: string;
}) {
  return (
    <Stack align="center" ta="center" gap="md" role="status" data-testid="sent-state">
      <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{body}</Text>
      <Button component={Link} to={to} variant="light" size="md">
        {action}
      </Button>
    </Stack>
  );
}
