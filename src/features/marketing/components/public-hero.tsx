import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import classes from './public-hero.module.css';

/** The opening band of a public page: a small label, the page's one h1, a lead paragraph and
 *  its main actions. */
export function PublicHero({
  eyebrow,
  title,
  lead,
  children,
  size = 'md',
}: {
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md';
}) {
  return (
    <section className={classes.hero} data-size={size}>
      <Container size="md">
        <Stack gap="md" align="center" ta="center">
          <Text className={classes.eyebrow}>{eyebrow}</Text>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {lead ? (
            <Text size="lg" c="dimmed" maw={720}>
              {lead}
            </Text>
          ) : null}
          {children ? (
            <Group justify="center" gap="sm" mt="xs">
              {children}
            </Group>
          ) : null}
        </Stack>
      </Container>
    </section>
  );
}
