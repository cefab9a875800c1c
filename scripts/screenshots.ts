// Screenshots of pages in light/dark, English/Arabic, phone/desktop, for looking at what we
// built. Usage:
//   npx tsx scripts/screenshots.ts --url http://127.0.0.1:8095 --email demo@clipdeck.dev \
//     --password clipdeck-demo --out .tmp/shots /dashboard/app /dashboard/user/account
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { launchBrowser } from '../tests/e2e/support.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    email: { type: 'string' },
    password: { type: 'string' },
    out: { type: 'string', default: '.tmp/shots' },
    modes: { type: 'string', default: 'light,dark' },
    langs: { type: 'string', default: 'en,ar' },
    sizes: { type: 'string', default: '390x844,1440x900' },
    wait: { type: 'string', default: '1200' },
  },
});

let token: string | null = null;
if (values.email && values.password) {
  const res = await fetch(`${values.url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: values.email, password: values.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  token = ((await res.json()) as { accessToken: string }).accessToken;
}

fs.mkdirSync(values.out, { recursive: true });
for (const size of values.sizes.split(',')) {
  const [width, height] = size.split('x').map(Number) as [number, number];
  for (const mode of values.modes.split(',')) {
    for (const lang of values.langs.split(',')) {
      const browser = await launchBrowser({ viewport: { width, height } });
      const { context, page } = browser;
      const host = new URL(values.url).hostname;
      await context.addCookies([
        {
          name: 'clipdeck-settings',
          value: encodeURIComponent(
            JSON.stringify({ mode, direction: lang === 'ar' ? 'rtl' : 'ltr' }),
          ),
          domain: host,
          path: '/',
        },
      ]);
      await context.addInitScript(
        ([lng, tok]) => {
          localStorage.setItem('i18nextLng', lng!);
          if (tok) localStorage.setItem('accessToken', tok);
        },
        [lang, token],
      );
      for (const route of positionals) {
        await page
          .goto(`${values.url}${route}`, { waitUntil: 'networkidle' })
          .catch(() => undefined);
        await page.waitForTimeout(Number(values.wait));
        const name = `${route.replace(/^\//, '').replace(/[/?=&]+/g, '_') || 'root'}-${mode}-${lang}-${width}.png`;
        await page.screenshot({ path: path.join(values.out, name) });
        console.log(path.join(values.out, name));
      }
      await browser.close();
    }
  }
}
