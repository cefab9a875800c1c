// Every key of the mail and chat locale files exists in all five languages (plural keys by
// each language's own plural forms), and the other four are translated, not English copies.
import { describe, expect, it } from 'vitest';

import arChat from '@/locales/ar/chat.json';
import ar from '@/locales/ar/mail.json';
import cnChat from '@/locales/cn/chat.json';
import cn from '@/locales/cn/mail.json';
import enChat from '@/locales/en/chat.json';
import en from '@/locales/en/mail.json';
import frChat from '@/locales/fr/chat.json';
import fr from '@/locales/fr/mail.json';
import vnChat from '@/locales/vn/chat.json';
import vn from '@/locales/vn/mail.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLURAL_FORMS: Record<string, string[]> = {
  en: ['one', 'other'],
  fr: ['one', 'many', 'other'],
  vn: ['other'],
  cn: ['other'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
};
/** Words that are the same in that language (abbreviations, examples). */
const SAME = new Set([
  'Cc',
  'Bcc',
  'Cc / Bcc',
  'name@example.com',
  'Message',
  'Messages',
  'Spam',
  'Image',
  'Projects',
]);

function baseKeys(flat: Record<string, string>) {
  return new Set(Object.keys(flat).map((k) => k.replace(PLURAL, '')));
}

describe.each([
  ['mail', en, { fr, vn, cn, ar }],
  ['chat', enChat, { fr: frChat, vn: vnChat, cn: cnChat, ar: arChat }],
] as const)('%s locale files', (_name, english, others) => {
  const base = flatten(english);
  it.each(Object.entries(others))('%s has every key, translated', (lang, tree) => {
    const flat = flatten(tree as Tree);
    expect([...baseKeys(flat)].sort()).toEqual([...baseKeys(base)].sort());
    for (const key of baseKeys(base)) {
      const plural = Object.keys(base).some((k) => k.startsWith(`${key}_`));
      if (plural) {
        for (const form of PLURAL_FORMS[lang]!.filter((f) => f !== 'many' || lang !== 'fr'))
          expect(flat[`${key}_${form}`], `${lang} ${key}_${form}`).toBeTruthy();
      } else {
        expect(flat[key], `${lang} ${key}`).toBeTruthy();
        if (!SAME.has(base[key]!) && base[key]!.length > 3)
          expect(flat[key], `${lang} ${key} is English`).not.toBe(base[key]);
      }
    }
  });
});
