// The one place invoice money is computed. The page (live totals in the form and the document
// view), the API (stored totals, list sums) and the PDF all call `invoiceTotals`, so they agree
// to the minor unit. Amounts are integers in the currency's minor unit (cents; VND has none),
// computed with dinero.js; nothing here touches a float amount.
//
// Rounding, defined once:
// - quantity has at most 2 decimals (1.5 hours); a line total = quantity × unit price, rounded
//   to the minor unit half away from zero (.5 → up; amounts are never negative);
// - subtotal = Σ line totals; the discount is an amount, at most the subtotal;
// - tax = tax rate (a percentage with at most 2 decimals) × (subtotal − discount), rounded ONCE
//   half away from zero; shipping is not taxed;
// - total = subtotal − discount + shipping + tax.
import {
  add,
  dinero,
  halfAwayFromZero,
  multiply,
  subtract,
  toDecimal,
  toSnapshot,
  transformScale,
  type Dinero,
  type DineroCurrency,
} from 'dinero.js';
import { CNY, EUR, GBP, SDG, USD, VND } from 'dinero.js/currencies';

export const INVOICE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CNY', 'VND', 'SDG'] as const;
export type InvoiceCurrency = (typeof INVOICE_CURRENCIES)[number];

const CURRENCY: Record<InvoiceCurrency, DineroCurrency<number>> = { USD, EUR, GBP, CNY, VND, SDG };

/** Minor units per major unit as a power of ten (2 for cents, 0 for VND). */
export const currencyExponent = (currency: InvoiceCurrency) => CURRENCY[currency].exponent;

/** Quantities carry at most this many decimals. */
export const QUANTITY_DECIMALS = 2;
/** Tax rates (percent) carry at most this many decimals. */
export const TAX_RATE_DECIMALS = 2;

export interface TotalsInput {
  currency: InvoiceCurrency;
  items: readonly { quantity: number; unitPrice: number }[];
  discount: number;
  shipping: number;
  /** percent, e.g. 8.25 */
  taxRate: number;
}

export interface InvoiceTotals {
  /** each line's total, in item order */
  lines: number[];
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

/** 1.5 → 150 (a decimal with at most `decimals` places as an exact integer). */
export function scaledInteger(value: number, decimals: number): number {
  return Math.round(value * 10 ** decimals);
}

function amountOf(money: Dinero<number>, exponent: number): number {
  const snapshot = toSnapshot(transformScale(money, exponent, halfAwayFromZero));
  return snapshot.amount;
}

export function invoiceTotals(input: TotalsInput): InvoiceTotals {
  const currency = CURRENCY[input.currency];
  const exponent = currency.exponent;
  const money = (amount: number) => dinero({ amount, currency });

  const lines = input.items.map((item) =>
    amountOf(
      multiply(money(item.unitPrice), {
        amount: scaledInteger(item.quantity, QUANTITY_DECIMALS),
        scale: QUANTITY_DECIMALS,
      }),
      exponent,
    ),
  );
  const subtotal = lines.reduce((sum, line) => add(sum, money(line)), money(0));
  const discount = money(Math.min(input.discount, toSnapshot(subtotal).amount));
  const taxable = subtract(subtotal, discount);
  // percent with 2 decimals → a rate with scale 4 (8.25 % = 825 / 10^4)
  const tax = amountOf(
    multiply(taxable, {
      amount: scaledInteger(input.taxRate, TAX_RATE_DECIMALS),
      scale: TAX_RATE_DECIMALS + 2,
    }),
    exponent,
  );
  const total = add(add(taxable, money(input.shipping)), money(tax));
  return {
    lines,
    subtotal: toSnapshot(subtotal).amount,
    discount: toSnapshot(discount).amount,
    shipping: input.shipping,
    tax,
    total: toSnapshot(total).amount,
  };
}

/** The exact decimal string of an amount ('1234.50'), for Intl and for the form. */
export function toMajorString(amount: number, currency: InvoiceCurrency): string {
  return toDecimal(dinero({ amount, currency: CURRENCY[currency] }));
}

/** '12.5' or 12.5 → 1250 in the currency's minor unit; null for empty or not a number. */
export function toMinorUnits(value: number | string, currency: InvoiceCurrency): number | null {
  if (value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  return scaledInteger(n, currencyExponent(currency));
}

/** Major units as a number for an input field (display only: never summed). */
export const toMajorNumber = (amount: number, currency: InvoiceCurrency) =>
  Number(toMajorString(amount, currency));

const formatters = new Map<string, Intl.NumberFormat>();

/** Money in a language's format ('$1,234.50', '1 234,50 $US', '١٬٢٣٤٫٥٠ US$'). */
export function formatInvoiceMoney(amount: number, currency: InvoiceCurrency, intl: string) {
  const key = `${intl}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const exponent = currencyExponent(currency);
    formatter = new Intl.NumberFormat(intl, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formatters.set(key, formatter);
  }
  // the exact decimal string: Intl formats it without going through a float
  return formatter.format(toMajorString(amount, currency) as unknown as number);
}

/** A quantity in a language's format (1.5 → '1.5', '1,5'). */
export function formatQuantity(quantity: number, intl: string) {
  return new Intl.NumberFormat(intl, { maximumFractionDigits: QUANTITY_DECIMALS }).format(quantity);
}
