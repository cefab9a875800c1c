// The frame of /auth/*: a light header (logo, language, settings) and the form; on desktop a
// side panel says what Clipdeck is; the matched page in the middle.
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { LanguageSelect } from '@/components/ui/language-select';
import { Logo } from '@/components/ui/logo';
import { SettingsButton } from '@/components/ui/settings-button';

import classes from './auth-layout.module.css';

const SettingsDrawer = lazy(() =>
  import('@/features/settings/components/settings-drawer').then((m) => ({ default: m.SettingsDrawer })),
);

export default function AuthLayout() {
  const { t } = useTranslation();
  const [settingsOpened, setSettingsOpened] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Logo />
        <Group gap={6}>
          <LanguageSelect />
          <SettingsButton
            onClick={() => {
              setSettingsLoaded(true);
              setSettingsOpened(true);
            }}
          />
        </Group>
      </header>
      <aside className={classes.aside}>
        <Stack gap="md" maw={420}>
          <Title order={2} className={classes.asideTitle}>
            {t('auth.layout.title')}
          </Title>
          <Text c="dimmed" size="lg">
            {t('auth.layout.subtitle')}
          </Text>
        </Stack>
      </aside>
      <main className={classes.main}>
        <Box className={classes.form}>
          <Outlet />
        </Box>
      </main>
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer opened={settingsOpened} onClose={() => setSettingsOpened(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
