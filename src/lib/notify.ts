// Notifications (spec points 4 and 9): at most 5 visible, top right, auto-hide 3000 ms,
// duplicates prevented (same variant + message = same id, shown once), and when 5 are
// visible the oldest is dismissed so the new one shows at once instead of waiting in a queue.
// `<Notifications>` is mounted once by the app provider with the same constants.
import { notifications, notificationsStore } from '@mantine/notifications';

import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_LIMIT } from '@/config/env';

export type NotifyVariant = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<NotifyVariant, string> = {
  success: 'green',
  error: 'red',
  warning: 'orange',
  info: 'blue',
};

export interface NotifyOptions {
  title?: string;
  /** ms, or false to stay until closed; default 3000 */
  autoClose?: number | false;
  /** replaces the default dedupe id (variant + message) */
  id?: string;
  onClose?: () => void;
}

function dedupeId(variant: NotifyVariant, message: string) {
  let hash = 0;
  for (const ch of `${variant}:${message}`) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return `notify-${variant}-${(hash >>> 0).toString(36)}`;
}

export function notify(
  message: string,
  variant: NotifyVariant = 'success',
  options: NotifyOptions = {},
): string {
  const id = options.id ?? dedupeId(variant, message);
  const state = notificationsStore.getState();
  if (state.notifications.some((n) => n.id === id)) return id;
  const visible = state.notifications;
  if (visible.length >= NOTIFICATION_LIMIT) {
    const oldest = visible[0];
    if (oldest?.id) notifications.hide(oldest.id);
  }
  notifications.show({
    id,
    message,
    title: options.title,
    color: COLORS[variant],
    autoClose: options.autoClose ?? NOTIFICATION_AUTO_CLOSE_MS,
    onClose: options.onClose,
    'data-variant': variant,
  });
  return id;
}

notify.success = (message: string, options?: NotifyOptions) => notify(message, 'success', options);
notify.error = (message: string, options?: NotifyOptions) => notify(message, 'error', options);
notify.warning = (message: string, options?: NotifyOptions) => notify(message, 'warning', options);
notify.info = (message: string, options?: NotifyOptions) => notify(message, 'info', options);
notify.hide = (id: string) => notifications.hide(id);
