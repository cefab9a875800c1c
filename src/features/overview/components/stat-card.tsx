import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { formatNumber } from '@/lib/i18n';

import classes from './stat-card.module.css';

interface StatCardProps {
  label: string;
  value: number | undefined;
  hint?: string;
  icon: ReactNode;
  to?: string;
  testId: string;
}

export function StatCard({ label, value, hint, icon, to, testId }: StatCardProps) {
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {value === undefined ? (
          <Skeleton h={36} w={64} mt={6} />
        ) : (
          <Text fz={32} fw={800} lh={1.3} data-testid={testId}>
            {formatNumber(value)}
          </Text>
        )}
        {/* the line is there before the figures come (an empty one), so nothing below moves */}
        <Text size="xs" c="dimmed">
          {hint ?? '\u00a0'}
        </Text>
      </div>
      <ThemeIcon size={48} radius="md" variant="light" aria-hidden="true">
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
