// Links and navigation for components that run both inside react-router and without it.
// The sign-in pages and the home load without the router (it is 30 kB gzip; issue 3 gives the
// sign-in page 120 kB in all, the home 220): `src/app/start-app.tsx` provides a small
// history-based navigator, the app's root route provides one backed by react-router. Outside
// both (an error screen), links load the page.
import {
  createContext,
  forwardRef,
  useContext,
  useLayoutEffect,
  type AnchorHTMLAttributes,
  type MouseEvent,
} from 'react';

export interface NavOptions {
  replace?: boolean;
}

export interface Navigator {
  pathname: string;
  search: string;
  hash: string;
  navigate: (to: string, options?: NavOptions) => void;
}

/** A path without its trailing slashes (`/dashboard/app/` is `/dashboard/app`; `/` stays). */
export function trimPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

const documentNavigator: Navigator = {
  get pathname() {
    return window.location.pathname;
  },
  get search() {
    return window.location.search;
  },
  get hash() {
    return window.location.hash;
  },
  navigate: (to, options) =>
    options?.replace ? window.location.replace(to) : window.location.assign(to),
};

const NavContext = createContext<Navigator>(documentNavigator);

export const NavProvider = NavContext.Provider;

export function useNav(): Navigator {
  return useContext(NavContext);
}

/** One query parameter of the current location. */
export function useSearchParam(name: string): string | null {
  return new URLSearchParams(useNav().search).get(name);
}

/** True for a click the browser should handle itself (new tab, download, modified click). */
function isModifiedClick(event: MouseEvent<HTMLAnchorElement>) {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (event.currentTarget.target && event.currentTarget.target !== '_self')
  );
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
};

/** An `<a href>` that navigates in the app (works with Mantine's `component={Link}`). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, onClick, children, ...rest },
  ref,
) {
  const nav = useNav();
  return (
    <a
      ref={ref}
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (isModifiedClick(event)) return;
        event.preventDefault();
        nav.navigate(to, { replace });
      }}
    >
      {children}
    </a>
  );
});

/** Navigates (replacing the history entry) as soon as it renders. */
export function Redirect({ to }: { to: string }) {
  const nav = useNav();
  useLayoutEffect(() => {
    // after the commit's layout effects, before it paints: react-router ignores a navigation
    // from a child's layout effect (its navigate is not ready until the provider's own runs)
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) nav.navigate(to, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [nav, to]);
  return null;
}
