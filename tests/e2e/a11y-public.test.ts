// Accessibility in Chromium, the public and auth pages: axe-core on every route outside the
// dashboard (sign-in, sign-up and the other auth pages; pricing, legal, support, /demo,
// /book/:slug, a public channel /{slug}/videos, a public post, the error pages), signed out and
// signed in where a signed-in user can see them, in light and dark, English and Arabic. The
// page list and the run are shared with a11y.test.ts (a11y-pages.ts); a separate file so the
// two can run side by side.
import { describeA11yRun } from './a11y-pages.ts';

describeA11yRun(
  'axe-core on the public pages: no serious or critical violation',
  (c) => !c.route.startsWith('/dashboard'),
);
