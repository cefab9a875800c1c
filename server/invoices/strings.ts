// The invoice's words on the server (the PDF and the invitation mail), per language. The app's
// own strings live in src/locales/<lang>/invoice.json; the server never imports src/, so the
// PDF keeps its few labels here, in one file per language with the same keys.
import type { InvoiceLanguage } from '../contracts/invoice.ts';
import ar from './locales/ar.json' with { type: 'json' };
import cn from './locales/cn.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import vn from './locales/vn.json' with { type: 'json' };

export type InvoiceStrings = typeof en;
export const INVOICE_STRINGS: Record<InvoiceLanguage, InvoiceStrings> = { en, fr, vn, cn, ar };

/** 'mail.subject' with {{name}} placeholders filled in. */
export function invoiceText(language: InvoiceLanguage) {
  const strings = INVOICE_STRINGS[language];
  return (key: string, values: Record<string, string | number> = {}) => {
    let node: unknown = strings;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const template = typeof node === 'string' ? node : key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
