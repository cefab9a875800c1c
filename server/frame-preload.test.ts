// The dashboard frame's preload hints: its code beyond the entry's, from the build manifest.
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { DASHBOARD_FRAME_MODULE, preloadHeader } from './frame-preload.ts';

const manifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js'] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  [DASHBOARD_FRAME_MODULE]: {
    file: 'assets/dashboard-layout-c3.js',
    imports: ['_react-b2.js', 'index.html', '_mantine-d4.js'],
    css: ['assets/dashboard-layout-e5.css'],
  },
  '_mantine-d4.js': { file: 'assets/mantine-d4.js', imports: ['_react-b2.js'] },
  'src/features/mail/pages/mail.tsx': { file: 'assets/mail-f6.js', imports: ['_mantine-d4.js'] },
};

describe('the dashboard frame’s preload hints', () => {
  it('name the frame’s scripts and stylesheets that the entry does not load, and nothing else', () => {
    expect(preloadHeader(manifest, DASHBOARD_FRAME_MODULE)).toBe(
      [
        '</assets/dashboard-layout-c3.js>; rel=modulepreload',
        '</assets/dashboard-layout-e5.css>; rel=preload; as=style; crossorigin',
        '</assets/mantine-d4.js>; rel=modulepreload',
      ].join(', '),
    );
  });

  it('are left out when the build has no such module', () => {
    expect(preloadHeader(manifest, 'src/app/layouts/gone.tsx')).toBeNull();
  });

  it('name a module the router really loads as the dashboard frame', () => {
    expect(fs.existsSync(path.resolve(import.meta.dirname, '..', DASHBOARD_FRAME_MODULE))).toBe(true);
    const router = fs.readFileSync(path.resolve(import.meta.dirname, '../src/app/router.tsx'), 'utf8');
    expect(router).toContain(`import('./layouts/${path.basename(DASHBOARD_FRAME_MODULE, '.tsx')}')`);
  });
});
