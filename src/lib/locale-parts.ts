// How a language's strings are cut into chunks, read by the loader (src/lib/i18n.ts) and by the
// build's chunking (vite.config.ts). A part is one `src/locales/<lang>/<part>.json` file.
// - boot parts: what every page needs (the sign-in pages need nothing more);
// - own-chunk parts: long texts of pages the app's users rarely open (the public pages');
// - the rest: the app's parts, one chunk per language, loaded when the app beyond the sign-in
//   pages starts.

export const BOOT_PARTS = ['common', 'auth', 'settings'];
export const OWN_CHUNK_PARTS = ['marketing', 'legal', 'server-mail'];

export type PartSet = 'boot' | 'app' | `part:${string}`;

export function partSet(part: string): PartSet {
  if (BOOT_PARTS.includes(part)) return 'boot';
  return OWN_CHUNK_PARTS.includes(part) ? `part:${part}` : 'app';
}

/** The chunk a locale file goes in (English boot parts come with the entry: null). */
export function localeChunkName(lang: string, part: string): string | null {
  const set = partSet(part);
  if (set === 'boot') return lang === 'en' ? null : `locale-${lang}-boot`;
  return set === 'app' ? `locale-${lang}` : `locale-${lang}-${part}`;
}
