// Every public page of this feature renders its content in all five languages: its heading in
// that language, its document title, no untranslated key left on screen, and right-to-left in
// Arabic. (Key parity across the languages is src/locales/translations.test.ts.)
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n, initI18n, LANGUAGES, type Language } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import { MARKETING_PAGES, type PageMetaKey } from '../routes';

/** The translation key of each page's one h1. */
const HEADING: Record<PageMetaKey, string> = {
  pricing: 'marketing.pricing.title',
  payment: 'marketing.payment.title',
  aboutUs: 'marketing.about.title',
  contactUs: 'marketing.contact.title',
  support: 'marketing.support.title',
  integrationComplete: 'marketing.integration.title',
  components: 'marketing.gallery.title',
  comingSoon: 'marketing.comingSoon.title',
  maintenance: 'marketing.maintenance.title',
  sla: 'legal.sla.title',
  terms: 'legal.terms.title',
  privacy: 'legal.privacy.title',
};

// the pages' routes load their strings into the app's i18n, which main.tsx starts first
beforeAll(() => initI18n('en'));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      if (path === '/api/public/config')
        return Promise.resolve(Response.json({ helpEmail: 'help@example.org', launchAt: '2031-01-01T09:00:00Z' }));
      if (path === '/healthz') return Promise.resolve(Response.json({ status: 'ok', maintenance: false }));
      return Promise.resolve(Response.json({ error: 'unexpected' }, { status: 500 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

// happy-dom has no FontFaceSet; Mantine's autosize textarea (the contact form) listens to it
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

const untranslated = /\b(marketing|legal|common)\.[a-zA-Z]+\.[a-zA-Z]/;

describe.each(LANGUAGES)('the public pages in %s', (language: Language) => {
  it.each(MARKETING_PAGES.map((page) => [page.path, page] as const))('%s', async (_path, page) => {
    const { default: Page } = await page.load();
    await renderWithProviders(<Page />, { language, route: page.path });
    const heading = await screen.findByRole('heading', { level: 1 });
    const plan = i18n.t('marketing.pricing.plans.team.name');
    expect(heading).toHaveTextContent(i18n.t(HEADING[page.meta], { plan }));
    expect(document.title).toBe(`${i18n.t(`marketing.meta.${page.meta}.title`)} · Clipdeck`);
    expect(document.body.textContent).not.toMatch(untranslated);
    expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
  });
});
