import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** The closing call to action of a public page: book a demo or write to us. */
export function CtaBand({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={48}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Group justify="space-between" gap="lg">
          <Stack gap={6} maw={560}>
            <Title order={2} size="h3">
              {title}
            </Title>
            <Text c="dimmed">{body}</Text>
          </Stack>
          <Group gap="sm">
            <Button component={Link} to={paths.demo.path} size="md">
              {t('marketing.common.bookDemo')}
            </Button>
            <Button component={Link} to={paths.contactUs.path} size="md" variant="default">
              {t('marketing.common.contactUs')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Container>
  );
}
