// Applies the colour scheme, direction and language before anything paints (no flash of the
// wrong scheme). Inlined into index.html at build time (vite.config.ts), so it costs no request
// on the critical path; the server's CSP allows it by its hash (server/static.ts). Keep the
// cookie name and JSON shape in step with src/lib/settings/settings-store.ts.
(function () {
  var root = document.documentElement;
  var settings = {};
  var lng = null;
  try {
    var match = document.cookie.match(/(?:^|; )clipdeck-settings=([^;]*)/);
    if (match) settings = JSON.parse(decodeURIComponent(match[1])) || {};
  } catch {
    settings = {};
  }
  try {
    lng = localStorage.getItem('i18nextLng');
  } catch {
    lng = null;
  }
  var langs = { en: 'en', fr: 'fr', vn: 'vi', cn: 'zh-CN', ar: 'ar' };
  root.setAttribute('data-mantine-color-scheme', settings.mode === 'dark' ? 'dark' : 'light');
  root.setAttribute('data-contrast', settings.contrast === 'default' ? 'default' : 'bold');
  root.setAttribute('data-layout', settings.layout === 'mini' ? 'mini' : 'vertical');
  if (lng && langs[lng]) root.setAttribute('lang', langs[lng]);
  var dir = settings.direction === 'rtl' || settings.direction === 'ltr' ? settings.direction : lng === 'ar' ? 'rtl' : 'ltr';
  root.setAttribute('dir', dir);
})();
