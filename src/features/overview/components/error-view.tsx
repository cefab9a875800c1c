import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconMoodSad, IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

const ICONS = { 403: IconBan, 404: IconMoodSad, 500: IconServerOff };

/** 403, 404 and 500: what happened, and the way back. */
export function ErrorView({
  code,
  inDashboard = false,
}: {
  code: 403 | 404 | 500;
  inDashboard?: boolean;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[code];
  return (
    <Container size={560} py={{ base: 48, md: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <Icon
          size={96}
          stroke={1.2}
          color="var(--mantine-primary-color-filled)"
          aria-hidden="true"
        />
        <Text fz={64} fw={900} lh={1} c="dimmed" aria-hidden="true">
          {code}
        </Text>
        <Title order={1} size="h2">
          {t(`overview.errors.${code}.title`)}
        </Title>
        <Text c="dimmed" size="lg">
          {t(`overview.errors.${code}.body`)}
        </Text>
        <Button
          component={Link}
          to={inDashboard ? paths.dashboard.app.path : paths.root.path}
          size="md"
        >
          {t('overview.errors.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
