// The dashboard frame (docs/product-rules.md#layout-and-charts): header 64 px on phones and 92 px
// on desktop; the nav is vertical (280 px) or mini (88 px) from the settings; on phones it is a
// drawer that closes once a link is chosen. Content is limited to 1200 px unless "stretch" is on.
import { ActionIcon, AppShell, Box, Burger, CloseButton, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';

import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { ErrorBoundary } from '@/components/feedback/error-boundary';
import { ErrorState } from '@/components/feedback/error-state';
import { SyncStatus } from '@/components/sync/sync-status';
import { Hint } from '@/components/ui/hint';
import { LanguagePicker } from '@/components/ui/language-picker';
import { Logo } from '@/components/ui/logo';
import { SettingsButton } from '@/components/ui/settings-button';
import { paths } from '@/config/paths';
import { CartButton } from '@/features/shop/components/cart-button';
import { useAuth } from '@/lib/auth/use-auth';
import { provideLiveRegistry } from '@/lib/live/live-source';
import { provideCountSources } from '@/lib/overview/count-sources';
import { useSettings } from '@/lib/settings/use-settings';
import { provideSyncRegistry } from '@/lib/sync/registry-source';
import { whenIdle } from '@/lib/when-idle';

import { PaletteButton } from '../palette/palette-button';
import { AccountMenu } from './account-menu';
import classes from './dashboard-layout.module.css';
import { visibleNav } from './nav-config';
import { NavSections } from './nav-section';

// the mirrored features for the sync engine and Dexie, loaded with them (never with the frame)
provideSyncRegistry(() => import('../sync-registry'));
// what the home counts on the device, loaded only when it shows the device's figures
provideCountSources(() => import('../overview-count-sources').then((m) => m.overviewCountSources));
// the features' live handlers, loaded with the stream once the first screen has painted
provideLiveRegistry(() => import('../live-registry').then((m) => m.liveRegistry));

/** The tab's one live stream (src/lib/live), opened when the browser is idle after the first
 *  paint and closed when the dashboard goes (sign-out). */
function useLiveStream(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | null = null;
    let cancel = () => {};
    let gone = false;
    const frame = requestAnimationFrame(() => {
      cancel = whenIdle(() => {
        void import('@/lib/live/start-live').then((live) => {
          if (gone) return;
          live.startLive();
          stop = live.stopLive;
        });
      });
    });
    return () => {
      gone = true;
      cancelAnimationFrame(frame);
      cancel();
      stop?.();
    };
  }, [signedIn]);
}

const SettingsDrawer = lazy(() =>
  import('@/features/settings/components/settings-drawer').then((m) => ({ default: m.SettingsDrawer })),
);

export const NAV_WIDTH = 280;
export const NAV_WIDTH_MINI = 88;
export const HEADER_HEIGHT = { base: 64, md: 92 };
/** Mantine's `md`: from here the nav is beside the page, below it a drawer. */
const NAV_BREAKPOINT = '62em';

export default function DashboardLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { settings, setSetting } = useSettings();
  const [mobileOpened, mobile] = useDisclosure(false);
  // on a phone the nav is a closed drawer: its links are drawn once it first opens, not with the
  // page (read before the first render, not in an effect that would draw the frame twice)
  const desktop = useMediaQuery(`(min-width: ${NAV_BREAKPOINT})`, false, { getInitialValueInEffect: false });
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (mobileOpened && !drawerUsed) setDrawerUsed(true);
  const [settingsOpened, settingsDrawer] = useDisclosure(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const { pathname } = useLocation();
  const mini = settings.layout === 'mini';
  const groups = useMemo(() => visibleNav(user?.role), [user?.role]);
  useLiveStream(!!user);

  return (
    <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: { base: NAV_WIDTH, md: mini ? NAV_WIDTH_MINI : NAV_WIDTH }, breakpoint: 'md', collapsed: { mobile: !mobileOpened } }}
        layout="alt"
        padding={0}
        className={classes.shell}
      >
        <AppShell.Header className={classes.header} withBorder={false}>
          <Group h="100%" px={{ base: 'md', md: 'xl' }} justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger
                opened={mobileOpened}
                onClick={mobile.toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={t(mobileOpened ? 'common.nav.close' : 'common.nav.open')}
              />
              <Box visibleFrom="md">
                <Hint label={t(mini ? 'settings.layout.vertical' : 'settings.layout.mini')} position="bottom">
                  {(describedBy) => (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      onClick={() => setSetting('layout', mini ? 'vertical' : 'mini')}
                      aria-label={t(mini ? 'settings.layout.vertical' : 'settings.layout.mini')}
                      aria-describedby={describedBy}
                      data-testid="toggle-mini"
                    >
                      {mini ? (
                        <IconLayoutSidebarLeftExpand size={22} className={classes.mirrorInRtl} />
                      ) : (
                        <IconLayoutSidebarLeftCollapse size={22} className={classes.mirrorInRtl} />
                      )}
                    </ActionIcon>
                  )}
                </Hint>
              </Box>
              <Box hiddenFrom="md">
                <Logo to={paths.dashboard.app.path} withName={false} />
              </Box>
            </Group>
            <Group gap={6} wrap="nowrap">
              <PaletteButton />
              <CartButton />
              <SyncStatus />
              <LanguagePicker />
              <SettingsButton
                onClick={() => {
                  setSettingsLoaded(true);
                  settingsDrawer.open();
                }}
              />
              <AccountMenu />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar
          className={classes.navbar}
          data-mini={mini || undefined}
          data-closed={mobileOpened ? undefined : true}
          aria-label={t('common.mainNavigation')}
        >
          <AppShell.Section px={mini ? 0 : 'lg'} pt="lg" pb="sm" className={classes.navLogo} data-mini={mini || undefined}>
            <Logo to={paths.dashboard.app.path} withName={!mini} />
            <CloseButton hiddenFrom="md" ms="auto" onClick={mobile.close} aria-label={t('common.nav.close')} />
          </AppShell.Section>
          <AppShell.Section grow className={classes.navScroll} px={mini ? 6 : 'md'} py="sm">
            {desktop || drawerUsed ? <NavSections groups={groups} mini={mini} onNavigate={mobile.close} /> : null}
          </AppShell.Section>
        </AppShell.Navbar>

        {mobileOpened ? <div className={classes.backdrop} onClick={mobile.close} aria-hidden="true" /> : null}

        <AppShell.Main className={classes.main}>
          <Container size={settings.stretch ? '100%' : 1200} px={{ base: 'md', md: 'xl' }} py="lg" data-testid="dashboard-content">
            <ErrorBoundary resetKey={pathname} fallback={({ error, reset }) => <ErrorState error={error} onRetry={reset} />}>
              <Suspense fallback={<DelayedLoader />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </Container>
        </AppShell.Main>

        {settingsLoaded ? (
          <Suspense fallback={null}>
            <SettingsDrawer opened={settingsOpened} onClose={settingsDrawer.close} />
          </Suspense>
        ) : null}
    </AppShell>
  );
}
