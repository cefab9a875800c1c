// Every key of every part exists in all five languages, and the four translations contain no
// English left behind (a value identical to the English one), except the few words that are
// the same in that language (listed below, per language and key).
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const LANGS = ['en', 'fr', 'vn', 'cn', 'ar'] as const;
const DIR = path.resolve(import.meta.dirname);

/** Words that are the same in that language (brand names, loanwords): allowed to equal English. */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  all: ['Clipdeck', 'YouTube', 'Google', 'GitHub', 'Twitter', 'Cc', 'Bcc', 'Cc / Bcc', 'Email', 'OK', 'Blog'],
  fr: ['Messages', 'Message', 'Spam', 'Sessions', 'Navigation', 'Mode', 'Cyan', 'Orange', 'Conversations', 'Catalogue', 'Contacts', 'Contact', 'Date', 'Description', 'Note', 'Notes', 'Type', 'Actions', 'Options', 'Total', 'Support', 'Format', 'Images', 'Image', 'Minutes', 'Participants', 'Important', 'Normal', 'Stop', 'Documents', 'Document', 'Source', 'Tags', 'Tag', 'Videos', 'Clips', 'Clip', 'Badge', 'Admin', 'Invitation', 'Invitations', 'description', 'Notifications', 'Notification', 'Compte'],
};

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}

function load(lang: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of fs.readdirSync(path.join(DIR, lang)).filter((f) => f.endsWith('.json'))) {
    const part = file.replace(/\.json$/, '');
    Object.assign(out, flatten(JSON.parse(fs.readFileSync(path.join(DIR, lang, file), 'utf8')) as Tree, part));
  }
  return out;
}

const bundles = Object.fromEntries(LANGS.map((l) => [l, load(l)])) as Record<(typeof LANGS)[number], Record<string, string>>;
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
const placeholders = (value: string) => [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** Only letters matter: "{{count}} / {{total}}" or "中" are not English to translate. */
const hasWords = (value: string) =>
  /[A-Za-z]{2,}/.test(value.replace(/\{\{[^}]*\}\}/g, '').replace(/\S+@\S+\.\S+/g, ''));

describe('translations', () => {
  it('the same part files exist in every language', () => {
    const files = (lang: string) => fs.readdirSync(path.join(DIR, lang)).filter((f) => f.endsWith('.json')).sort();
    for (const lang of LANGS) expect(files(lang), lang).toEqual(files('en'));
  });

  for (const lang of LANGS.filter((l) => l !== 'en')) {
    it(`${lang}: no key missing and none extra (plural forms as i18next asks for them)`, () => {
      // i18next picks `key_<category>` with Intl.PluralRules(<language code>); 'vn' and 'cn' are
      // not BCP 47 tags, so they get the runtime default rules (one/other) — they need `_one` too
      // categories reached by counts a page shows (0…10000): French 'many' is for millions only
      const rules = new Intl.PluralRules(lang);
      const categories = [...new Set(Array.from({ length: 10_001 }, (_, n) => rules.select(n)))];
      const missing: string[] = [];
      for (const key of Object.keys(bundles.en)) {
        const plural = PLURAL.exec(key);
        if (!plural) {
          if (!(key in bundles[lang])) missing.push(key);
          continue;
        }
        for (const category of categories) {
          const wanted = `${plural[1]}_${category}`;
          if (!(wanted in bundles[lang]) && !missing.includes(wanted)) missing.push(wanted);
        }
      }
      const base = (k: string) => PLURAL.exec(k)?.[1] ?? k;
      const englishBases = new Set(Object.keys(bundles.en).map(base));
      const extra = Object.keys(bundles[lang]).filter((k) => !englishBases.has(base(k)));
      expect(missing, `missing in ${lang}`).toEqual([]);
      expect(extra, `only in ${lang}`).toEqual([]);
    });

    it(`${lang}: no English string left untranslated`, () => {
      const allowed = new Set([...(SAME_AS_ENGLISH.all ?? []), ...(SAME_AS_ENGLISH[lang] ?? [])]);
      const untranslated = Object.entries(bundles[lang])
        .filter(([key, value]) => value === bundles.en[key] && hasWords(value))
        .filter(([, value]) => !allowed.has(value.trim()))
        .map(([key, value]) => `${key}: ${value}`);
      expect(untranslated).toEqual([]);
    });

    it(`${lang}: keeps every {{placeholder}}`, () => {
      // plural forms may drop {{count}} ("one message"); other keys keep every placeholder
      const broken = Object.entries(bundles[lang])
        .filter(([key]) => !PLURAL.test(key))
        .filter(([key, value]) => bundles.en[key] !== undefined && placeholders(value).join() !== placeholders(bundles.en[key]).join())
        .map(([key]) => key);
      expect(broken).toEqual([]);
    });
  }

  it('no value is empty', () => {
    for (const lang of LANGS) {
      const empty = Object.entries(bundles[lang]).filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(empty, lang).toEqual([]);
    }
  });
});
