// The pages the browser benches measure (lighthouse.bench.ts, main-thread.bench.ts): the sign-in
// page (signed out) and every dashboard path of src/config/paths.ts that is a page rather than a
// redirect (signed in; paths with parameters get the demo data's own values, serve.ts:
// demoHrefs). The public blog post (signed out) only when a --route names it.
import { paths } from '../../../src/config/paths.ts';
import { DASHBOARD_REDIRECTS, dashboardPaths } from '../routes.ts';

export interface Target {
  /** The path pattern (src/config/paths.ts). */
  route: string;
  /** The path measured. */
  href: string;
  signedIn: boolean;
}

/** The pages to measure: all of them, or those `named` (a path pattern or a measured path). */
export function targets(hrefs: Map<string, string>, named: string[] = []): Target[] {
  const href = (route: string) => {
    const found = route.includes(':') ? hrefs.get(route) : route;
    if (!found) throw new Error(`no demo value for ${route} (lighthouse/serve.ts: demoHrefs)`);
    return found;
  };
  const isNamed = (t: Target) => named.includes(t.route) || named.includes(t.href);
  const all: Target[] = [
    { route: paths.auth.login.path, href: paths.auth.login.href(), signedIn: false },
    ...dashboardPaths()
      .filter((route) => !(route in DASHBOARD_REDIRECTS))
      .map((route) => ({ route, href: href(route), signedIn: true })),
  ];
  const onRequest: Target[] = [
    { route: paths.blogPost.path, href: href(paths.blogPost.path), signedIn: false },
  ];
  const picked = named.length ? [...all, ...onRequest].filter(isNamed) : all;
  if (picked.length === 0) throw new Error(`--route ${named.join(', ')}: no such page`);
  return picked;
}

/** A file name for a measured path. */
export const fileName = (href: string) =>
  href.replace(/^\//, '').replace(/[^\w.-]+/g, '_') || 'root';
