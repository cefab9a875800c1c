// Build-time settings (Vite `import.meta.env`), read once and checked here so the rest of
// the app never touches `import.meta.env` directly.

function readApiUrl(): string {
  const raw = (import.meta.env.VITE_API_URL as string | undefined)?.trim();
  if (!raw) return '';
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`VITE_API_URL must be an absolute URL, got "${raw}"`);
  }
}

export const env = {
  /** Base of REST and tRPC calls; empty means same origin (the server hosts the PWA). */
  API_URL: readApiUrl(),
  PROD: import.meta.env.PROD,
  DEV: import.meta.env.DEV,
  MODE: import.meta.env.MODE,
  /** Help address shown on the auth and error pages (docs/product-rules.md). */
  HELP_EMAIL: (import.meta.env.VITE_HELP_EMAIL as string | undefined) ?? 'help@clipdeck.dev',
} as const;

/** Resolves an API path against VITE_API_URL (or leaves it same-origin). */
export function apiUrl(path: string): string {
  return env.API_URL ? `${env.API_URL}${path.startsWith('/') ? path : `/${path}`}` : path;
}

/** The shell's constants (docs/product-rules.md: data and errors, notifications). */
export const LOADING_DELAY_MS = 200;
export const SUSPENSE_STALE_TIME_MS = 1000;
export const NOTIFICATION_LIMIT = 5;
export const NOTIFICATION_AUTO_CLOSE_MS = 3000;
export const SETTINGS_COOKIE_DAYS = 3;
/** 0 = Sunday */
export const FIRST_DAY_OF_WEEK = 0;
