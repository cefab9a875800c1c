import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { env } from '@/config/env';

/** The last line of defence: something broke while rendering. */
export function FatalError({ error, onReset }: { error: unknown; onReset?: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <Title order={1} size="h2">
          {t('common.errors.crashTitle')}
        </Title>
        <Text c="dimmed">{t('common.errors.crashBody', { email: env.HELP_EMAIL })}</Text>
        {env.DEV && error instanceof Error ? <Code block>{error.message}</Code> : null}
        <Button
          onClick={() => {
            onReset?.();
            window.location.reload();
          }}
        >
          {t('common.actions.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
