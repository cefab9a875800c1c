/* global __CLIPDECK_HOME_CHUNKS__ */
// Starts the session check (spec point 4's initial check: the stored, unexpired token, the user
// fetched with it) while the page's code downloads, on the dashboard's pages, which can show
// nothing before it answers. src/lib/auth/auth-store.ts takes this answer instead of asking again
// when the token is still the same. Inlined into index.html at build time (vite.config.ts, which
// fills in the two placeholders: VITE_API_URL, and the list of the home's chunks); the server's
// CSP allows it by its hash.
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
    // on the home (the installed app's start page), its code too: the build lists its chunks
    // here, and they download with the entry instead of after it has run
    var home = __CLIPDECK_HOME_CHUNKS__;
    if (!home || !/^\/dashboard(\/app|\/home)?\/?$/.test(location.pathname)) return;
    var lng = localStorage.getItem('i18nextLng');
    var files = home.js.concat(home.locales[lng] || home.locales.en || []);
    var link = function (href, as) {
      var el = document.createElement('link');
      el.rel = 'preload';
      el.as = as;
      el.crossOrigin = '';
      // after the entry and its stylesheet, which the first paint needs
      el.fetchPriority = 'low';
      el.href = '/' + href;
      document.head.appendChild(el);
    };
    for (var i = 0; i < files.length; i++) link(files[i], 'script');
    for (var j = 0; j < home.css.length; j++) link(home.css[j], 'style');
  } catch {
    // the app checks the session itself
  }
})();
