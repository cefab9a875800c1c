// The one REST client (ky). Call it with absolute API paths — `api.get('/api/v1/user/jwt/fetch')`.
// - base URL: VITE_API_URL when set (the path is re-rooted there), else the page's own origin;
// - every request carries `Authorization: Bearer <accessToken>` from localStorage;
// - a non-2xx response becomes an `ApiRequestError` with the status and the server's
//   `{ error, fields }` body, so forms can put field errors on their fields (the error types
//   live in ./api-error, which does not load ky: the sign-in page loads this file on demand);
// - a 401 on a request that carried a token tells the auth layer (session revoked/expired);
// - the server's maintenance answer turns the app's maintenance page on (./maintenance).
// No retries here: TanStack Query decides what to retry.
import ky from 'ky';

import { env } from '@/config/env';
import { getAccessToken } from '@/lib/auth/token-storage';
import { noteMaintenance } from '@/lib/maintenance';

import { ApiRequestError, readErrorBody, reportUnauthorized } from './api-error';

export {
  ApiRequestError,
  DEFAULT_ERROR_MESSAGE,
  getErrorMessage,
  isAbortError,
  isNetworkError,
  reportUnauthorized,
  setUnauthorizedHandler,
  type ApiErrorBody,
} from './api-error';

export { apiUrl } from '@/config/env';

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
      async (request, _options, response) => {
        if (response.status === 401 && request.headers.has('Authorization')) reportUnauthorized();
        // 503 from the maintenance switch: the app shows its maintenance page
        noteMaintenance(response);
        // a non-2xx answer rejects with the server's `{ error, fields }` attached
        if (!response.ok) throw new ApiRequestError(response, await readErrorBody(response));
        return response;
      },
    ],
  },
});

