// The app's own words where the server writes them: the public blog post page and invoice
// PDFs and mails say what the PWA's pages say. They are read, as data, from the locale files
// the PWA loads (src/locales/<lang>/<part>.json), the one place every text of the product is
// written and translated; each file once per process. A key a language lacks is looked up in
// English, then answered as undefined.
import fs from 'node:fs';
import path from 'node:path';

import type { Language } from '../contracts/languages.ts';
import { SERVER_DIR } from './server-dir.ts';

const LOCALES_DIR = path.join(SERVER_DIR, '..', 'src', 'locales');

type Strings = { [key: string]: string | Strings };
const parts = new Map<string, Strings>();

function partOf(language: Language, part: string): Strings {
  const file = path.join(LOCALES_DIR, language, `${part}.json`);
  let strings = parts.get(file);
  if (!strings) {
    strings = JSON.parse(fs.readFileSync(file, 'utf8')) as Strings;
    parts.set(file, strings);
  }
  return strings;
}

function find(language: Language, part: string, key: string): string | undefined {
  let node: string | Strings | undefined = partOf(language, part);
  for (const name of key.split('.')) node = typeof node === 'object' ? node[name] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The text at `key` ('doc.paidOn') of `part` ('invoice') in `language`, else in English. */
export function appString(language: Language, part: string, key: string): string | undefined {
  return find(language, part, key) ?? (language === 'en' ? undefined : find('en', part, key));
}

/** Whether `language` itself has the text (no English fallback): for completeness checks. */
export const hasAppString = (language: Language, part: string, key: string) =>
  find(language, part, key) !== undefined;

/** `{{name}}` placeholders filled in from `values`; one without a value becomes empty. */
export const fillIn = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
