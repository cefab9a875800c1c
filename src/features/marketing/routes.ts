// The public pages this feature owns (docs/product-rules.md#routes), for the router
// (src/app/router.tsx) and for the build's prerendering (src/app/prerender.tsx): each page's path,
// its module, and the key of its title and description (`marketing.meta.<meta>`, also its social
// card /social/<meta>.png). A page's strings are a part of their own (src/lib/i18n.ts) that loads
// with its code.
import type { ComponentType } from 'react';

import { paths } from '@/config/paths';
import { loadTranslationPart } from '@/lib/i18n';

export type PageMetaKey =
  | 'pricing'
  | 'payment'
  | 'aboutUs'
  | 'contactUs'
  | 'support'
  | 'integrationComplete'
  | 'components'
  | 'comingSoon'
  | 'maintenance'
  | 'sla'
  | 'terms'
  | 'privacy';

export interface MarketingPage {
  path: string;
  meta: PageMetaKey;
  load: () => Promise<{ default: ComponentType }>;
}

type Module = { default: ComponentType };
const withStrings =
  (load: () => Promise<Module>, parts: string[] = ['marketing']) =>
  async () => {
    const [module] = await Promise.all([load(), ...parts.map((part) => loadTranslationPart(part))]);
    return module;
  };
const legal = (load: () => Promise<Module>) => withStrings(load, ['marketing', 'legal']);

/** The maintenance page's code and strings (the app shows it in place of any page while the
 *  server is under maintenance). */
export const loadMaintenancePage = withStrings(() => import('./pages/maintenance'));

export const MARKETING_PAGES: MarketingPage[] = [
  { path: paths.pricing.path, meta: 'pricing', load: withStrings(() => import('./pages/pricing')) },
  { path: paths.payment.path, meta: 'payment', load: withStrings(() => import('./pages/payment')) },
  { path: paths.aboutUs.path, meta: 'aboutUs', load: withStrings(() => import('./pages/about-us')) },
  { path: paths.contactUs.path, meta: 'contactUs', load: withStrings(() => import('./pages/contact-us')) },
  { path: paths.support.path, meta: 'support', load: withStrings(() => import('./pages/support')) },
  {
    path: paths.integrationComplete.path,
    meta: 'integrationComplete',
    load: withStrings(() => import('./pages/integration-complete')),
  },
  { path: paths.components.path, meta: 'components', load: withStrings(() => import('./pages/components')) },
  { path: paths.comingSoon.path, meta: 'comingSoon', load: withStrings(() => import('./pages/coming-soon')) },
  { path: paths.maintenance.path, meta: 'maintenance', load: loadMaintenancePage },
  { path: paths.legal.sla.path, meta: 'sla', load: legal(() => import('./pages/legal-sla')) },
  { path: paths.legal.terms.path, meta: 'terms', load: legal(() => import('./pages/legal-terms')) },
  { path: paths.legal.privacy.path, meta: 'privacy', load: legal(() => import('./pages/legal-privacy')) },
];
