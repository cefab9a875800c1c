// The language a server-made document is in (the public blog post page, an invoice's PDF):
// the one asked for by name, else the request's Accept-Language by quality, mapped as the app
// maps the browser's (contracts/languages.ts); English when none of ours is asked for.
import { isLanguage, languageOfTag, type Language } from '../contracts/languages.ts';

export function pageLanguage(acceptLanguage: string | undefined, chosen?: string): Language {
  if (isLanguage(chosen)) return chosen;
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
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}
