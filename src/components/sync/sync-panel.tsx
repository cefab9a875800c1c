import { Alert, Badge, Button, Divider, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconLock, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatNumber, formatRelativeTime } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { syncNow } from '@/lib/sync/engine';
import type { SyncStatus } from '@/lib/sync/engine';
import { discardChange, retryRejected } from '@/lib/sync/outbox';
import { resetBackoff } from '@/lib/sync/replay';

import { useSyncQueue, type SyncRow } from './use-sync-state';

interface SyncPanelProps {
  status: SyncStatus;
}

function ChangeLine({ item, rejected }: { item: SyncRow; rejected: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = t(item.description.key, { name: item.description.name });
  const act = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify.success(t(done));
    } catch {
      notify.error(t('sync.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} py={6} data-testid={rejected ? 'sync-rejected-row' : 'sync-queued-row'}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        <Badge
          size="sm"
          variant="light"
          color={rejected ? 'red' : 'gray'}
          style={{ flexShrink: 0 }}
        >
          {t(rejected ? 'sync.status.rejected' : 'sync.status.queued')}
        </Badge>
      </Group>
      {rejected ? (
        <Text size="xs" c="red" data-testid="sync-reason">
          {t('sync.reason', { reason: item.row.error ?? t('sync.noReason') })}
        </Text>
      ) : item.row.attempts > 0 ? (
        <Text size="xs" c="dimmed">
          {t('sync.attempts', { count: item.row.attempts })}
        </Text>
      ) : null}
      <Group gap="xs">
        {rejected ? (
          <Button
            size="compact-xs"
            variant="light"
            disabled={busy}
            onClick={() => void act(() => retryRejected(item.row.seq), 'sync.retried')}
            aria-label={t('sync.retryLabel', { change: label })}
          >
            {t('sync.retry')}
          </Button>
        ) : null}
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          disabled={busy}
          onClick={() => void act(() => discardChange(item.row.seq), 'sync.discarded')}
          aria-label={t('sync.discardLabel', { change: label })}
        >
          {t('sync.discard')}
        </Button>
      </Group>
    </Stack>
  );
}

export function SyncPanel({ status }: SyncPanelProps) {
  const { t } = useTranslation();
  const [syncing, setSyncing] = useState(false);
  const queue = useSyncQueue();
  if (!queue) return null;
  const { queued, rejected, moreQueued, lastSyncAt } = queue;
  const syncAgain = async () => {
    setSyncing(true);
    try {
      await resetBackoff();
      await syncNow();
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="sync-panel">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{t(status.online ? 'sync.online' : 'sync.offline')}</Text>
          <Text size="xs" c="dimmed" data-testid="sync-last">
            {lastSyncAt
              ? t('sync.lastSync', { time: formatRelativeTime(lastSyncAt) })
              : t('sync.neverSynced')}
          </Text>
        </div>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={syncing || status.syncing}
          style={{ flexShrink: 0 }}
          onClick={() => void syncAgain()}
        >
          {t('sync.syncNow')}
        </Button>
      </Group>
      {!status.online ? (
        <Text size="sm" c="dimmed">
          {t('sync.offlineHint')}
        </Text>
      ) : null}
      {status.storageFull ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconDeviceFloppy size={18} />}
          title={t('sync.storageFull.title')}
          role="alert"
        >
          {t('sync.storageFull.message')}
        </Alert>
      ) : null}
      {status.paused ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLock size={18} />}
          title={t('sync.paused.title')}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('sync.paused.message')}</Text>
            <Button
              component={Link}
              to={paths.auth.login.href(window.location.pathname)}
              size="xs"
              variant="light"
              color="orange"
            >
              {t('sync.paused.signIn')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {status.lastError && status.online && queued.length > 0 ? (
        <Text size="xs" c="dimmed">
          {t('sync.retrying', { error: status.lastError })}
        </Text>
      ) : null}
      <Divider />
      {queued.length === 0 && rejected.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="sm" data-testid="sync-empty">
          {t('sync.allDelivered')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
          {rejected.length > 0 ? (
            <>
              <Group gap={6} mb={4}>
                <IconAlertTriangle
                  size={16}
                  color="var(--mantine-color-red-filled)"
                  aria-hidden="true"
                />
                <Text size="sm" fw={600}>
                  {t('sync.rejectedTitle', {
                    count: rejected.length,
                    formatted: formatNumber(rejected.length),
                  })}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" mb={4}>
                {t('sync.rejectedHint')}
              </Text>
              {rejected.map((item) => (
                <ChangeLine key={item.row.seq} item={item} rejected />
              ))}
            </>
          ) : null}
          {queued.length > 0 ? (
            <>
              <Text size="sm" fw={600} mt={rejected.length ? 'sm' : 0} mb={4}>
                {t('sync.queuedTitle', {
                  count: queued.length + moreQueued,
                  formatted: formatNumber(queued.length + moreQueued),
                })}
              </Text>
              {queued.map((item) => (
                <ChangeLine key={item.row.seq} item={item} rejected={false} />
              ))}
              {moreQueued > 0 ? (
                <Text size="xs" c="dimmed" py={6} data-testid="sync-more">
                  {t('sync.moreQueued', { count: moreQueued, formatted: formatNumber(moreQueued) })}
                </Text>
              ) : null}
            </>
          ) : null}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
