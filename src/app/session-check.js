// Starts the session check (spec point 4's initial check: the stored, unexpired token, the user
// fetched with it) while the page's code downloads, on the dashboard's pages, which can show
// nothing before it answers. src/lib/auth/auth-store.ts takes this answer instead of asking again
// when the token is still the same. Inlined into index.html at build time (vite.config.ts, which
// puts VITE_API_URL in place of __CLIPDECK_API_URL__); the server's CSP allows it by its hash.
// Keep the token key and the expiry rule in step with src/lib/auth/token-storage.ts.
(function () {
  try {
    if (!/^\/dashboard(\/|$)/.test(location.pathname)) return;
    var token = localStorage.getItem('accessToken');
    if (!token) return;
    var payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    var claims = JSON.parse(atob(payload));
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return;
    var response = fetch('__CLIPDECK_API_URL__/api/v1/user/jwt/fetch', {
      headers: { Authorization: 'Bearer ' + token },
    });
    // a failure is the app's to report, when it takes the answer
    response.catch(function () {});
    window.__clipdeckSessionCheck = { token: token, response: response };
  } catch {
    // the app checks the session itself
  }
})();
