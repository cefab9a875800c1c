// URL names ("slugs") made from text, for every kind of thing that has one: products (and the
// product form's suggestion), blog posts, user pages and catalogue entries. Accents and other
// combining marks are dropped (é → e), the text is lowercased, every run of other characters
// becomes one hyphen, and the result is cut to `maxLength` characters without a hyphen at
// either end. What differs by kind is an option:
// - `letters`: 'latin' keeps a-z and 0-9 (the URL names that are validated as such:
//   products, users, the catalogue); 'any' keeps letters and digits of every script, so a
//   post titled in Arabic or Chinese still gets a readable URL;
// - `maxLength` (80 by default), and `fallback`, the name when nothing is left ('' by default).
export interface SlugOptions {
  letters?: 'latin' | 'any';
  maxLength?: number;
  fallback?: string;
}

export function slugify(text: string, options: SlugOptions = {}): string {
  const { letters = 'latin', maxLength = 80, fallback = '' } = options;
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(letters === 'any' ? /[^\p{L}\p{N}]+/gu : /[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, maxLength).join('').replace(/-+$/g, '') || fallback;
}
