import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The Clipdeck mark (and name), linking home. */
export function Logo({ withName = true, to = '/' }: { withName?: boolean; to?: string }) {
  return (
    <Group
      renderRoot={(props) => <Link to={to} {...props} />}
      gap={10}
      wrap="nowrap"
      aria-label="Clipdeck"
      style={{ textDecoration: 'none' }}
    >
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--mantine-primary-color-filled)" />
        <rect x="12" y="20" width="34" height="28" rx="5" fill="#fff" opacity=".45" />
        <rect x="18" y="14" width="34" height="28" rx="5" fill="#fff" />
        <path d="M31 22.5v11l9-5.5z" fill="var(--mantine-primary-color-filled)" />
      </svg>
      {withName ? (
        <Text fw={800} fz="lg" c="var(--mantine-color-text)" component="span">
          Clipdeck
        </Text>
      ) : null}
    </Group>
  );
}
