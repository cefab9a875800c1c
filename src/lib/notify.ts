// Notifications (docs/product-rules.md#notifications): at most 5 visible, top right, auto-hide 3000
// ms, duplicates prevented (same variant + message = same id, shown once), and when 5 are visible
// the oldest is dismissed so the new one shows at once instead of waiting in a queue.
// `<Notifications>` is mounted by the app provider (same constants) when the first one is asked
// for; the notifications package itself is loaded then too, keeping it out of the sign-in page's
// first load.
import type * as NotificationsPackage from '@mantine/notifications';

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

type NotificationsModule = typeof NotificationsPackage;
let loading: Promise<NotificationsModule> | null = null;
const requestListeners = new Set<() => void>();

/** The notifications package, loaded on first use (also by the provider's viewport). */
export function loadNotifications(): Promise<NotificationsModule> {
  if (!loading) {
    loading = import('@mantine/notifications');
    for (const listener of requestListeners) listener();
  }
  return loading;
}

/** The app provider mounts the viewport once something is to be shown. */
export function onNotificationsRequested(listener: () => void): () => void {
  if (loading) listener();
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** Shows one notification now (when the package is loaded); exported for tests. */
export function showNow(
  { notifications, notificationsStore }: Pick<NotificationsModule, 'notifications' | 'notificationsStore'>,
  id: string,
  message: string,
  variant: NotifyVariant,
  options: NotifyOptions,
) {
  const visible = notificationsStore.getState().notifications;
  if (visible.some((n) => n.id === id)) return;
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
}

export function notify(
  message: string,
  variant: NotifyVariant = 'success',
  options: NotifyOptions = {},
): string {
  const id = options.id ?? dedupeId(variant, message);
  void loadNotifications().then((mod) => showNow(mod, id, message, variant, options));
  return id;
}

notify.success = (message: string, options?: NotifyOptions) => notify(message, 'success', options);
notify.error = (message: string, options?: NotifyOptions) => notify(message, 'error', options);
notify.warning = (message: string, options?: NotifyOptions) => notify(message, 'warning', options);
notify.info = (message: string, options?: NotifyOptions) => notify(message, 'info', options);
notify.hide = (id: string) => void loadNotifications().then(({ notifications }) => notifications.hide(id));
