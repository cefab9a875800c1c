// The route table (`paths`, every route as `{ path, href() }`) is shared with the server, which
// answers navigations by it: server/contracts/paths.ts. Link with `href()`, never with a
// hand-written string, so a renamed route breaks the type check, not the user.
export { paths, type ParamRoute, type Route } from '../../server/contracts/paths';

/** A path without its trailing slashes (`/dashboard/app/` is `/dashboard/app`; `/` stays). */
export function trimPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
