// The order confirmation, delivered into the buyer's Clipdeck mailbox (not by SMTP) in the
// order's own transaction, so there is exactly one confirmation per order. It comes from the
// shop's system account: a user row with a fixed id that cannot sign in (banned, a password
// hash nothing matches) and cannot be written to (mail goes to active users only), created the
// first time an order is placed. Every user-written value is escaped, and the body goes through
// the mail's sanitiser like any other mail.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { escapeHtml as escape } from '../contracts/html.ts';
import { DELIVERY_OPTIONS, type Order } from '../contracts/shop.ts';
import type { Executor } from '../db/client.ts';
import { mailboxItems, mailMessages, users } from '../db/schema/index.ts';
import { announce, MAIL_NOTICE } from '../live/bus.ts';
import { htmlToText, sanitizeMailHtml } from '../mail/sanitize.ts';

export const SHOP_SENDER_ID = 'c11dec00-5409-4000-8000-000000000001';
export const SHOP_SENDER_EMAIL = 'shop@clipdeck.invalid';

async function shopSender(tx: Executor) {
  const random = () => crypto.randomBytes(16).toString('base64').replace(/=+$/, '');
  await tx
    .insert(users)
    .values({
      id: SHOP_SENDER_ID,
      email: SHOP_SENDER_EMAIL,
      username: SHOP_SENDER_EMAIL,
      firstName: 'Clipdeck',
      lastName: 'Shop',
      slug: 'clipdeck-shop',
      status: 'banned',
      passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$${random()}$${random()}${random()}`,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, SHOP_SENDER_ID));
  return row ?? null;
}

export function formatMoney(cents: number, currency: string) {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

export function orderLink(deps: Pick<AppDeps, 'env'>, order: Pick<Order, 'id'>) {
  return `${deps.env.PUBLIC_URL.replace(/\/+$/, '')}/dashboard/e-commerce?order=${order.id}`;
}

export function confirmationHtml(deps: Pick<AppDeps, 'env'>, order: Order, firstName: string) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const lines = order.lines
    .map((line) => {
      const options = [line.size, ...line.colors].filter(Boolean).join(', ');
      return `<li>${line.quantity} × ${escape(line.name)}${options ? ` (${escape(options)})` : ''} — ${money(line.lineTotal)}</li>`;
    })
    .join('');
  const delivery = DELIVERY_OPTIONS.find((o) => o.id === order.delivery);
  const b = order.billing;
  const address = [b.name, b.line1, b.line2, `${b.postcode} ${b.city}`, b.region, b.country]
    .filter(Boolean)
    .map(escape)
    .join('<br>');
  return sanitizeMailHtml(
    `<p>Hi ${escape(firstName)},</p>` +
      `<p>Thank you for your order <strong>${order.number}</strong>. No money was taken: the Clipdeck shop is a demo, and only the card's brand and last four digits were kept.</p>` +
      `<ul>${lines}</ul>` +
      `<p>Subtotal: ${money(order.subtotal)}<br>` +
      (order.discount
        ? `Discount${order.discountCode ? ` (${escape(order.discountCode)})` : ''}: −${money(order.discount)}<br>`
        : '') +
      `Shipping (${order.delivery}${delivery ? `, ${delivery.days} days` : ''}): ${money(order.shipping)}<br>` +
      `<strong>Total: ${money(order.total)}</strong></p>` +
      `<p>Paid with ${escape(order.payment.brand)} ending ${escape(order.payment.last4)}.</p>` +
      `<p>Delivery to:<br>${address}</p>` +
      `<p><a href="${escape(orderLink(deps, order))}">View your order</a></p>`,
  );
}

/** Delivers the confirmation to the buyer's inbox; false when the sender could not be had. */
export async function deliverOrderConfirmation(
  deps: Pick<AppDeps, 'env'>,
  tx: Executor,
  order: Order,
): Promise<boolean> {
  const sender = await shopSender(tx);
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!sender || !buyer) return false;
  const bodyHtml = confirmationHtml(deps, order, buyer.firstName);
  const now = new Date();
  const [message] = await tx
    .insert(mailMessages)
    .values({
      senderId: sender.id,
      subject: `Your Clipdeck order ${order.number}`,
      bodyHtml,
      bodyText: htmlToText(bodyHtml),
      to: [{ name: `${buyer.firstName} ${buyer.lastName}`.trim(), email: buyer.email }],
      sentAt: now,
    })
    .returning({ id: mailMessages.id });
  announce(MAIL_NOTICE);
  await tx
    .insert(mailboxItems)
    .values({ ownerId: order.userId, messageId: message!.id, folder: 'inbox', receivedAt: now });
  return true;
}
