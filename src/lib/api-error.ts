// The API's error types and the 401 hook, apart from the REST client (./api-client, ky) so
// code that only needs to recognise an error does not load the client.
export interface ApiErrorBody {
  error?: string;
  fields?: Record<string, string>;
}

/** A non-2xx answer of the API, with the server's `{ error, fields }` body. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  readonly response: Response;

  constructor(response: Response, body: ApiErrorBody) {
    super(body.error ?? `Request failed with status ${response.status}`);
    this.name = 'ApiRequestError';
    this.status = response.status;
    this.body = body;
    this.response = response;
  }

  /** Field errors of a 400/409 answer (`{ email: 'Invalid email address.' }`). */
  get fields(): Record<string, string> {
    return this.body.fields ?? {};
  }
}

/** The `{ error, fields }` of an error answer; empty when it is not JSON (a proxy's page). */
export async function readErrorBody(response: Response): Promise<ApiErrorBody> {
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

let onUnauthorized: (() => void) | null = null;
/** The auth layer registers what a 401 on an authenticated request means. */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

/** For other clients of the API (tRPC): a 401 on a call that carried a token. */
export function reportUnauthorized() {
  onUnauthorized?.();
}

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';

/** The message of the response body, else 'Something went wrong'
 *  (docs/product-rules.md#data-and-errors). */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.body.error ?? DEFAULT_ERROR_MESSAGE;
  // tRPC errors carry the server's message; anything else (network, timeout) is not for users
  if (
    error instanceof Error &&
    error.name === 'TRPCClientError' &&
    error.message &&
    !isNetworkError(error)
  )
    return error.message;
  return DEFAULT_ERROR_MESSAGE;
}

/** The request never got an answer: no network, the server down or not answering in time
 *  (fetch's TypeError, ky's TimeoutError, or either inside a tRPC client error). */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError || error.name === 'TimeoutError') return true;
  return (
    error.name === 'TRPCClientError' && error.cause !== undefined && isNetworkError(error.cause)
  );
}

/** The thing asked for does not exist: a REST 404 or a tRPC NOT_FOUND. */
export function isNotFoundError(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 404;
  return (
    error instanceof Error &&
    'data' in error &&
    (error as { data?: { code?: string } | null }).data?.code === 'NOT_FOUND'
  );
}

/** A cancelled request (navigation away, a newer query) is never an error to show. */
export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'CancelledError'))
  );
}
