// Where to go after signing in. `returnTo` comes from the address bar, so anyone can write it
// in a link: it is decided the way the browser will read it — parsed as a URL against the
// app's own origin (the parser strips tabs and newlines, reads `\` as `/`, and resolves
// `//host` and `https:host`) — and followed only when that URL is on this origin. What is
// followed is the path, query and hash alone, with leading slashes collapsed, so no later
// step can read it as another host.
import { paths } from '@/config/paths';

export function safeReturnTo(
  value: string | null | undefined,
  fallback: string = paths.dashboard.app.path,
  origin: string = window.location.origin,
): string {
  if (!value) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;
}
