// The pages most visits start on, without react-router (it is 30 kB gzip, and issue 3 gives
// the sign-in page 120 kB and the signed-in home 220 kB in all): the auth pages, and the
// dashboard home, the installed app's start page. The same layouts, guards and pages as under
// the router, a history-based navigator for links between them, the progress bar while a
// page's code loads, `?ref=` capture and the auth layer's navigator. Going anywhere else (a
// link in the nav, Back) hands over to the full app (`onLeave`), which takes the URL from
// there; the page on screen stays until the next one is ready. Once the visitor shows intent
// (focus, pointer, a key), the REST client, the home and the full app are fetched in the
// background, so signing in or opening another page does not wait for them.
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useTransition,
  type ComponentType,
  type ReactNode,
} from 'react';

import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { RouteProgress } from '@/components/feedback/route-progress';
import { paths } from '@/config/paths';
import LoginPage from '@/features/auth/pages/login';
import { AUTH_PAGES, findAuthPage, type AuthPage } from '@/features/auth/routes';
import { setAuthNavigator } from '@/lib/auth/auth-store';
import { captureReferral } from '@/lib/auth/referral';
import { loadAppTranslations } from '@/lib/i18n';
import { NavProvider, Redirect, trimPath, type Navigator } from '@/lib/nav';

import { AuthGuard } from './guards/auth-guard';
import { GuestGuard } from './guards/guest-guard';
import AuthLayout from './layouts/auth-layout';

const EAGER: Record<string, ComponentType> = {
  [paths.auth.login.path]: LoginPage,
  [paths.auth.loginUnprotected.path]: LoginPage,
};
const PAGES = new Map(AUTH_PAGES.map((page) => [page.path, EAGER[page.path] ?? lazy(page.load)]));

/** The home's code: the dashboard frame, the overview and the app's strings. */
export function loadHome() {
  return Promise.all([
    import('./layouts/dashboard-layout'),
    import('@/features/overview/pages/overview'),
    loadAppTranslations(),
  ]);
}
/** Its children in a commit after the first: the frame, then the page, each a shorter task. */
function AfterFirstCommit({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : null;
}
const Home = lazy(() =>
  loadHome().then(([{ default: DashboardLayout }, { default: OverviewPage }]) => ({
    default: () => (
      <DashboardLayout>
        <AfterFirstCommit>
          <OverviewPage />
        </AfterFirstCommit>
      </DashboardLayout>
    ),
  })),
);

type StartPage = { kind: 'auth'; page: AuthPage } | { kind: 'home' } | { kind: 'redirect'; to: string };

/** The home, and the paths that lead to it. */
export function isHomePath(pathname: string) {
  const path = trimPath(pathname);
  return path === paths.dashboard.app.path || path === paths.dashboard.root.path || path === paths.dashboard.home.path;
}

/** What this app shows at a path; undefined: the full app's. */
function findStartPage(pathname: string): StartPage | undefined {
  const path = trimPath(pathname);
  if (path === paths.dashboard.app.path) return { kind: 'home' };
  if (isHomePath(path)) return { kind: 'redirect', to: paths.dashboard.app.path };
  if (path === paths.auth.root.path) return { kind: 'redirect', to: paths.auth.login.path };
  const page = findAuthPage(path);
  return page ? { kind: 'auth', page } : undefined;
}

/** Paths this app serves: the auth pages and the dashboard home (and the paths leading to them). */
export function isStartAppPath(pathname: string) {
  return findStartPage(pathname) !== undefined;
}

const here = () => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

/** On intent: what the next screen needs (the home after signing in, any other page). */
function warmUp() {
  void import('@/lib/api-client');
  void loadHome();
  void import('./full-app');
}

/** `leaving`: the full app is loading to take over (the progress bar shows meanwhile). */
export function StartApp({ onLeave, leaving = false }: { onLeave: () => void; leaving?: boolean }) {
  const [location, setLocation] = useState(here);
  const [pending, startTransition] = useTransition();

  const nav = useMemo<Navigator>(
    () => ({
      ...location,
      navigate(to, options) {
        const url = new URL(to, window.location.href);
        if (url.origin !== window.location.origin) {
          window.location.assign(url.href);
          return;
        }
        window.history[options?.replace ? 'replaceState' : 'pushState'](
          null,
          '',
          url.pathname + url.search + url.hash,
        );
        if (!findStartPage(url.pathname)) {
          onLeave();
          return;
        }
        startTransition(() => setLocation(here()));
      },
    }),
    [location, onLeave],
  );

  useEffect(() => {
    const onPopState = () => {
      if (findStartPage(window.location.pathname)) startTransition(() => setLocation(here()));
      else onLeave();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [onLeave]);

  useEffect(() => {
    captureReferral(location.search);
  }, [location.search]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => setAuthNavigator((to) => nav.navigate(to, { replace: true })), [nav]);

  useEffect(() => {
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    const warm = () => {
      for (const event of events) window.removeEventListener(event, warm);
      warmUp();
    };
    for (const event of events) window.addEventListener(event, warm, { passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, warm);
    };
  }, []);

  const start = findStartPage(location.pathname);
  let content = null;
  if (start?.kind === 'redirect') content = <Redirect to={start.to} />;
  else if (start?.kind === 'home')
    content = (
      <AuthGuard>
        <Suspense fallback={<DelayedLoader minHeight="100vh" />}>
          <Home />
        </Suspense>
      </AuthGuard>
    );
  else if (start?.kind === 'auth') {
    const Page = PAGES.get(start.page.path);
    const page = Page ? (
      <Suspense fallback={<DelayedLoader />}>
        <Page key={start.page.path} />
      </Suspense>
    ) : null;
    content = <AuthLayout>{start.page.guest ? <GuestGuard>{page}</GuestGuard> : page}</AuthLayout>;
  }

  return (
    <NavProvider value={nav}>
      <RouteProgress busy={pending || leaving} />
      {content}
    </NavProvider>
  );
}
