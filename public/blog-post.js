// The one script of the visitors' post page, /blog/post/{slug} (server/blog/public-page.ts;
// the CSP allows no inline script). A signed-in visitor is sent on to the post in the
// dashboard, which shows it with the comment form (and counts the view there). A visitor who
// chose another language in the app than the one the server guessed from the browser gets the
// page again in theirs (`?lang=`). Any other reader's view is counted here, once per page
// load, as the app's post page does (the server counts once per viewer and day). Keep the
// token key and the expiry rule in step with src/lib/auth/token-storage.ts and
// src/app/session-check.js, the language key with src/lib/i18n.ts.
(function () {
  var main = document.getElementById('main');
  if (!main) return;
  var signedIn = false;
  try {
    var token = localStorage.getItem('accessToken');
    if (token) {
      var payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      var claims = JSON.parse(atob(payload));
      signedIn = typeof claims.exp === 'number' && claims.exp * 1000 > Date.now();
    }
  } catch {
    signedIn = false;
  }
  var dashboard = main.getAttribute('data-dashboard-path');
  if (signedIn && dashboard && dashboard.indexOf('/dashboard/') === 0) {
    location.replace(dashboard + location.hash);
    return;
  }
  var lng = null;
  try {
    lng = localStorage.getItem('i18nextLng');
  } catch {
    lng = null;
  }
  if (
    lng &&
    /^(en|fr|vn|cn|ar)$/.test(lng) &&
    lng !== main.getAttribute('data-lang') &&
    !/[?&]lang=/.test(location.search)
  ) {
    location.replace(location.pathname + '?lang=' + lng + location.hash);
    return;
  }
  var post = main.querySelector('[data-post-id]');
  if (!post) return;
  fetch('/api/blog/posts/view', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: post.getAttribute('data-post-id') }),
    keepalive: true,
  }).catch(function () {});
})();
