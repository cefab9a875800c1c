import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" size="sm" component="div">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
