// Public pages (error pages, legal, pricing…): header 64 px on phones, 88 px on desktop.
// Loads the whole Mantine stylesheet (layered) like the dashboard, for any component a page uses.
import '@mantine/core/styles.layer.css';

import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

import { LanguageSelect } from '@/components/ui/language-select';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { QueryProvider } from '../query-provider';
import classes from './simple-layout.module.css';

export default function SimpleLayout() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo />
            <Group gap="sm" wrap="nowrap">
              <LanguageSelect />
              <Anchor
                component={Link}
                to={isAuthenticated ? paths.dashboard.app.path : paths.auth.login.path}
                fw={600}
                style={{ whiteSpace: 'nowrap' }}
              >
                {isAuthenticated ? t('common.nav.app') : t('auth.login.submit')}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </header>
      <Box component="main" className={classes.main}>
        <QueryProvider>
          <Outlet />
        </QueryProvider>
      </Box>
      <footer className={classes.footer}>
        <Text size="sm" c="dimmed" ta="center">
          © {new Date().getFullYear()} Clipdeck
        </Text>
      </footer>
    </div>
  );
}
