// The auth pages without react-router. A first visit to /auth/* (most first visits) starts
// this small app instead of the full one: the same auth layout and pages, a history-based
// navigator for links between them, the progress bar while a page's code loads, `?ref=`
// capture and the auth layer's navigator. Leaving the auth pages (signing in, a link to the
// dashboard, Back) hands over to the full app (`onLeave`), which takes the URL from there.
// Once the visitor shows intent (focus, pointer), the REST client and the full app are
// fetched in the background, so signing in does not wait for them.
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useTransition,
  type ComponentType,
} from 'react';

import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { RouteProgress } from '@/components/feedback/route-progress';
import { paths } from '@/config/paths';
import LoginPage from '@/features/auth/pages/login';
import { AUTH_PAGES, findAuthPage } from '@/features/auth/routes';
import { setAuthNavigator } from '@/lib/auth/auth-store';
import { captureReferral } from '@/lib/auth/referral';
import { loadAppTranslations } from '@/lib/i18n';
import { NavProvider, Redirect, type Navigator } from '@/lib/nav';

import { GuestGuard } from './guards/guest-guard';
import AuthLayout from './layouts/auth-layout';

const EAGER: Record<string, ComponentType> = {
  [paths.auth.login.path]: LoginPage,
  [paths.auth.loginUnprotected.path]: LoginPage,
};
const PAGES = new Map(AUTH_PAGES.map((page) => [page.path, EAGER[page.path] ?? lazy(page.load)]));

/** Paths this app serves: the auth pages, and `/auth` itself (it leads to the sign-in page). */
export function isAuthAppPath(pathname: string) {
  return /^\/auth\/?$/.test(pathname) || findAuthPage(pathname) !== undefined;
}

const here = () => ({ pathname: window.location.pathname, search: window.location.search });

function warmUp() {
  void import('@/lib/api-client');
  void import('./full-app');
  void loadAppTranslations();
}

export function AuthApp({ onLeave }: { onLeave: () => void }) {
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
        if (!findAuthPage(url.pathname)) {
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
      if (findAuthPage(window.location.pathname)) startTransition(() => setLocation(here()));
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

  const page = findAuthPage(location.pathname);
  const Page = page && PAGES.get(page.path);
  let content = Page ? (
    <Suspense fallback={<DelayedLoader />}>
      <Page key={page.path} />
    </Suspense>
  ) : (
    <Redirect to={paths.auth.login.path} />
  );
  if (page?.guest) content = <GuestGuard>{content}</GuestGuard>;

  return (
    <NavProvider value={nav}>
      <RouteProgress busy={pending} />
      <AuthLayout>{content}</AuthLayout>
    </NavProvider>
  );
}
