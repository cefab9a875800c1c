import { Group, Paper, Skeleton, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import classes from './stat-card.module.css';

interface StatCardProps {
  label: string;
  /** the figure as shown (already formatted); undefined while it loads */
  value: string | undefined;
  icon: ReactNode;
  /** the icon's colour (default: the theme's primary colour) */
  color?: MantineColor;
  /** a line under the figure */
  hint?: string;
  /** the page the figure comes from: the whole card links there */
  to?: string;
  /** the test id of the figure */
  testId?: string;
  /** a figure that reads left to right in every language (an amount of money) */
  ltr?: boolean;
}

/** One figure of a summary row: its label, the figure (a skeleton of its size while it loads),
 *  a hint, an icon. The hint's line is there even without a hint, so the cards of a row line up
 *  and nothing below moves when the figures come. */
export function StatCard({ label, value, icon, color, hint, to, testId, ltr }: StatCardProps) {
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {value === undefined ? (
          <Skeleton h={36} w={64} mt={6} />
        ) : (
          <Text
            className={classes.value}
            data-long={value.length > 8 || undefined}
            fw={800}
            lh={1.3}
            dir={ltr ? 'ltr' : undefined}
            ta={ltr ? 'start' : undefined}
            data-testid={testId}
          >
            {value}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {hint ?? '\u00a0'}
        </Text>
      </div>
      <ThemeIcon size={48} radius="md" variant="light" color={color} aria-hidden="true">
        {icon}
      </ThemeIcon>
    </Group>
  );
  return to ? (
    <Paper component={Link} to={to} p="lg" radius="lg" className={classes.card} withBorder>
      {body}
    </Paper>
  ) : (
    <Paper p="lg" radius="lg" className={classes.card} withBorder>
      {body}
    </Paper>
  );
}
