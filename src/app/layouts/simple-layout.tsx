// Public pages (pricing, legal, support, error pages…): header 64 px on phones, 88 px on
// desktop, with the site's links, the language, the theme settings, sign-in and "Book a demo"
// (the nav collapses into a drawer on phones); a footer with every public page. As a route it
// shows the matched page; the maintenance view passes its page as children.
import { Anchor, Box, Burger, Button, Container, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

import { LanguageSelect } from '@/components/ui/language-select';
import { Logo } from '@/components/ui/logo';
import { SettingsButton } from '@/components/ui/settings-button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import classes from './simple-layout.module.css';

const SettingsDrawer = lazy(() =>
  import('@/features/settings/components/settings-drawer').then((m) => ({ default: m.SettingsDrawer })),
);

const HEADER_LINKS = [
  { to: paths.pricing.path, label: 'common.site.pricing' },
  { to: paths.aboutUs.path, label: 'common.site.about' },
  { to: paths.support.path, label: 'common.site.support' },
  { to: paths.contactUs.path, label: 'common.site.contact' },
];

const FOOTER_GROUPS = [
  {
    title: 'common.site.footerProduct',
    links: [
      { to: paths.pricing.path, label: 'common.site.pricing' },
      { to: paths.demo.path, label: 'common.site.bookDemo' },
      { to: paths.comingSoon.path, label: 'common.site.comingSoon' },
      { to: paths.components.path, label: 'common.site.components' },
    ],
  },
  {
    title: 'common.site.footerCompany',
    links: [
      { to: paths.aboutUs.path, label: 'common.site.about' },
      { to: paths.contactUs.path, label: 'common.site.contact' },
    ],
  },
  {
    title: 'common.site.footerHelp',
    links: [
      { to: paths.support.path, label: 'common.site.support' },
      { to: paths.legal.sla.path, label: 'common.site.sla' },
    ],
  },
  {
    title: 'common.site.footerLegal',
    links: [
      { to: paths.legal.terms.path, label: 'common.site.terms' },
      { to: paths.legal.privacy.path, label: 'common.site.privacy' },
    ],
  },
];

function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <nav aria-label={t('common.site.footerNav')}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" verticalSpacing="lg">
            {FOOTER_GROUPS.map((group) => (
              <Stack key={group.title} gap={6}>
                <Text fw={700} size="sm">
                  {t(group.title)}
                </Text>
                {group.links.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                    {t(link.label)}
                  </Anchor>
                ))}
              </Stack>
            ))}
          </SimpleGrid>
        </nav>
        <Group justify="space-between" mt="xl" gap="xs">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Clipdeck
          </Text>
          <Text size="sm" c="dimmed">
            {t('common.site.tagline')}
          </Text>
        </Group>
      </Container>
    </footer>
  );
}

export default function SimpleLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const [menuOpened, setMenuOpened] = useState(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const openSettings = () => {
    setMenuOpened(false);
    setSettingsLoaded(true);
    setSettingsOpened(true);
  };
  const account = {
    to: isAuthenticated ? paths.dashboard.app.path : paths.auth.login.path,
    label: isAuthenticated ? t('common.nav.app') : t('auth.login.submit'),
  };
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Logo />
            <nav aria-label={t('common.site.navLabel')} className={classes.nav}>
              {HEADER_LINKS.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} c="var(--mantine-color-text)" fw={500}>
                  {t(link.label)}
                </Anchor>
              ))}
            </nav>
            <Group gap="xs" wrap="nowrap">
              <LanguageSelect />
              <Box visibleFrom="sm">
                <SettingsButton onClick={openSettings} />
              </Box>
              <Anchor component={Link} to={account.to} fw={600} className={classes.signIn} visibleFrom="sm">
                {account.label}
              </Anchor>
              <Button component={Link} to={paths.demo.path} visibleFrom="sm">
                {t('common.site.bookDemo')}
              </Button>
              <Burger
                opened={menuOpened}
                onClick={() => setMenuOpened((o) => !o)}
                hiddenFrom="sm"
                aria-label={t('common.nav.open')}
                aria-expanded={menuOpened}
              />
            </Group>
          </Group>
        </Container>
      </header>
      <Drawer opened={menuOpened} onClose={() => setMenuOpened(false)} title={<Logo />} size="xs" hiddenFrom="sm">
        <Stack gap="md" component="nav" aria-label={t('common.site.navLabel')}>
          {HEADER_LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} c="var(--mantine-color-text)" fw={500} size="lg">
              {t(link.label)}
            </Anchor>
          ))}
          <Anchor component={Link} to={account.to} fw={600} size="lg">
            {account.label}
          </Anchor>
          <Button component={Link} to={paths.demo.path}>
            {t('common.site.bookDemo')}
          </Button>
          <Button variant="default" onClick={openSettings}>
            {t('common.settings')}
          </Button>
        </Stack>
      </Drawer>
      <Box component="main" className={classes.main}>
        {children ?? <Outlet />}
      </Box>
      <SiteFooter />
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer opened={settingsOpened} onClose={() => setSettingsOpened(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
