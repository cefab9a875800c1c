// The language a server-made document is in (the public blog post page, an invoice's PDF):
// the one asked for by name, else the request's Accept-Language by quality, mapped as the app
// maps the browser's (src/lib/i18n.ts detectLanguage); English when none of ours is asked for.
export const PAGE_LANGUAGES = ['en', 'fr', 'vn', 'cn', 'ar'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

const isPageLanguage = (value: unknown): value is PageLanguage =>
  typeof value === 'string' && (PAGE_LANGUAGES as readonly string[]).includes(value);

export function pageLanguage(acceptLanguage: string | undefined, chosen?: string): PageLanguage {
  if (isPageLanguage(chosen)) return chosen;
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of asked) {
    const base = tag.split('-')[0];
    if (base === 'vi') return 'vn';
    if (base === 'zh') return 'cn';
    if (isPageLanguage(base)) return base;
  }
  return 'en';
}
