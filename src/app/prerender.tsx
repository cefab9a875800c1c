// Build time only: the public pages of src/features/marketing rendered to HTML in Node
// (scripts/prerender/vite-plugin.ts bundles this file for the server and calls `renderPages`).
// Each page gets the app's own root, simple layout and page components, under the app's
// providers, in English, with the default theme settings and signed out: what a first visit
// sees. The route tree is the public branch of router.tsx (root → simple layout → page);
// importing router.tsx itself would build every page of the app for the server.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';

import { MARKETING_PAGES, type PageMetaKey } from '@/features/marketing/routes';
import { i18n, initI18n, loadAppTranslations } from '@/lib/i18n';

import { AppProvider } from './provider';
import { AppRoot } from './root';

type Module = { default: React.ComponentType };
const component = (load: () => Promise<Module>) => async () => ({ Component: (await load()).default });

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    children: [
      {
        lazy: component(() => import('./layouts/simple-layout')),
        children: MARKETING_PAGES.map((p): RouteObject => ({ path: p.path, lazy: component(p.load) })),
      },
    ],
  },
];

export interface PrerenderedPage {
  path: string;
  meta: PageMetaKey;
  title: string;
  description: string;
  /** the markup of #root */
  html: string;
}

export async function renderPages(origin: string): Promise<PrerenderedPage[]> {
  await initI18n('en');
  await loadAppTranslations();
  const handler = createStaticHandler(routes);
  const pages: PrerenderedPage[] = [];
  for (const page of MARKETING_PAGES) {
    const context = await handler.query(new Request(new URL(page.path, origin)));
    if (context instanceof Response) throw new Error(`prerender: ${page.path} answered a redirect`);
    if (context.errors) throw new Error(`prerender: ${page.path} failed: ${JSON.stringify(context.errors)}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <AppProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
    pages.push({
      path: page.path,
      meta: page.meta,
      title: i18n.t(`marketing.meta.${page.meta}.title`),
      description: i18n.t(`marketing.meta.${page.meta}.description`),
      html,
    });
  }
  return pages;
}
