// The one REST client (ky). Call it with absolute API paths — `api.get('/api/v1/user/jwt/fetch')`.
// - base URL: VITE_API_URL when set (the path is re-rooted there), else the page's own origin;
// - every request carries `Authorization: Bearer <accessToken>` from localStorage;
// - a non-2xx response becomes an `ApiRequestError` with the status and the server's
//   `{ error, fields }` body, so forms can put field errors on their fields;
// - a 401 on a request that carried a token tells the auth layer (session revoked/expired).
// No retries here: TanStack Query decides what to retry.
import ky, { HTTPError, type KyRequest, type NormalizedOptions } from 'ky';

import { env } from '@/config/env';
import { getAccessToken } from '@/lib/auth/token-storage';

export interface ApiErrorBody {
  error?: string;
  fields?: Record<string, string>;
}

export class ApiRequestError extends HTTPError {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(response: Response, request: KyRequest, options: NormalizedOptions, body: ApiErrorBody) {
    super(response, request, options);
    this.name = 'ApiRequestError';
    this.status = response.status;
    this.body = body;
    if (body.error) this.message = body.error;
  }

  /** Field errors of a 400/409 answer (`{ email: 'Invalid email address.' }`). */
  get fields(): Record<string, string> {
    return this.body.fields ?? {};
  }
}

let onUnauthorized: (() => void) | null = null;
/** The auth layer registers what a 401 on an authenticated request means. */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

/** For other clients of the API (tRPC): a 401 on a call that carried a token. */
export function reportUnauthorized() {
  onUnauthorized?.();
}

/** Resolves an API path against VITE_API_URL (or leaves it same-origin). */
export function apiUrl(path: string): string {
  return env.API_URL ? `${env.API_URL}${path.startsWith('/') ? path : `/${path}`}` : path;
}

async function readBody(response: Response): Promise<ApiErrorBody> {
  try {
    const data: unknown = await response.clone().json();
    if (data && typeof data === 'object') {
      const { error, fields } = data as Record<string, unknown>;
      return {
        error: typeof error === 'string' ? error : undefined,
        fields:
          fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined,
      };
    }
  } catch {
    // not JSON (a proxy error page, an empty body)
  }
  return {};
}

export const api = ky.create({
  retry: 0,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getAccessToken();
        if (token && !request.headers.has('Authorization'))
          request.headers.set('Authorization', `Bearer ${token}`);
        if (env.API_URL) {
          const url = new URL(request.url);
          if (url.origin === window.location.origin)
            return new Request(`${env.API_URL}${url.pathname}${url.search}`, request);
        }
        return undefined;
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        if (response.status === 401 && request.headers.has('Authorization')) onUnauthorized?.();
        return response;
      },
    ],
    beforeError: [
      async (error) =>
        new ApiRequestError(error.response, error.request, error.options, await readBody(error.response)),
    ],
  },
});

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';

/** Spec point 8: the message of the response body, else 'Something went wrong'. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.body.error ?? DEFAULT_ERROR_MESSAGE;
  // tRPC errors carry the server's message; anything else (network, timeout) is not for users
  if (error instanceof Error && error.name === 'TRPCClientError' && error.message)
    return error.message;
  return DEFAULT_ERROR_MESSAGE;
}

/** A cancelled request (navigation away, a newer query) is never an error to show. */
export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'CancelledError'))
  );
}
