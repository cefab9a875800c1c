// Where a palette hit opens: the page that shows the row (the mail opened in its folder, the
// event's day in the calendar, the card's board, the product page, the invoice…).
import { paths } from '@/config/paths';

import type { SearchTarget } from '../../../server/contracts/search';

/** The local calendar day of an instant, as YYYY-MM-DD. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function hitHref(target: SearchTarget): string {
  const query = (params: Record<string, string | null>) =>
    new URLSearchParams(Object.entries(params).filter((p): p is [string, string] => p[1] !== null)).toString();
  switch (target.kind) {
    case 'mail':
      return `${paths.dashboard.mail.root.path}?${query({ label: target.folder, id: target.mailId })}`;
    case 'message':
      return paths.dashboard.chat.conversation.href(target.conversationId);
    case 'event':
      return `${paths.dashboard.calendar.path}?${query({ date: localDay(target.start), event: target.eventId })}`;
    case 'card':
      return `${paths.dashboard.kanban.path}?${query({ card: target.cardId })}`;
    case 'video':
      return paths.dashboard.videos.video.href(target.videoId);
    case 'clip':
      return `${paths.dashboard.videos.video.href(target.videoId)}?${query({ clip: target.clipId, t: String(Math.floor(target.startSeconds)) })}`;
    case 'product':
      return paths.dashboard.eCommerce.product.href(target.slug);
    case 'invoice':
      return paths.dashboard.invoice.details.href(target.invoiceId);
    case 'post':
      return paths.dashboard.blog.post.href(target.slug);
    case 'file':
      return `${paths.dashboard.filesManager.path}?${query({ folder: target.parentId, q: target.name })}`;
    case 'user':
      return paths.dashboard.user.edit.href(target.slug);
  }
}
