// The sync indicator in the dashboard header: online/offline, the number of changes waiting
// (live from the outbox), and a panel with the queue, rejected changes (retry, discard), the
// last successful sync, a full disk and a queue paused for sign-in. Mounting it starts the
// sync engine, so every dashboard page keeps replaying and pulling. The panel and its popover
// load on intent (see use-intent): the button and its count show at once.
import { ActionIcon, Indicator } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCloud, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Hint } from '@/components/ui/hint';
import { useIntent } from '@/components/ui/use-intent';
import { formatNumber } from '@/lib/i18n';
import { syncStatusStore } from '@/lib/sync/status';
import { whenIdle } from '@/lib/when-idle';

import { useSyncCounts, useSyncStatus } from './use-sync-status';

const loadPopover = () => import('./sync-popover');

export function SyncStatus() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const { pending, rejected } = useSyncCounts();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [, setTick] = useState(0);
  const [opened, setOpened] = useState(false);
  const { loaded, triggerProps, triggerRef } = useIntent(loadPopover);

  // the engine (and Dexie) start once the browser is idle after the first paint: replaying and
  // pulling never compete with the page's first render
  useEffect(
    () =>
      whenIdle(() => {
        void import('@/lib/sync/engine').then(({ startSyncEngine, syncNow }) => {
          startSyncEngine();
          // back in the dashboard after signing in again: resume a queue paused by a 401 at once
          if (syncStatusStore.get().paused) void syncNow();
        });
      }),
    [],
  );
  // keeps "last synced 2 minutes ago" current
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);

  const problem = rejected > 0 || status.storageFull || status.paused;
  const Icon = problem
    ? IconAlertTriangle
    : !status.online
      ? IconCloudOff
      : pending > 0
        ? IconCloudUpload
        : IconCloud;
  const color = problem ? 'red' : !status.online ? 'orange' : pending > 0 ? 'blue' : 'gray';
  const summary = [
    t(status.online ? 'sync.online' : 'sync.offline'),
    t('sync.pending', { count: pending, formatted: formatNumber(pending) }),
    rejected > 0
      ? t('sync.rejectedCount', { count: rejected, formatted: formatNumber(rejected) })
      : null,
    status.storageFull ? t('sync.storageFull.title') : null,
    status.paused ? t('sync.paused.title') : null,
  ]
    .filter(Boolean)
    .join(' · ');

  const trigger = (
    <Indicator
      label={formatNumber(pending + rejected)}
      disabled={pending + rejected === 0}
      size={16}
      color={rejected > 0 ? 'red' : 'blue'}
      offset={4}
    >
      <ActionIcon
        ref={triggerRef}
        variant="subtle"
        color={color}
        size="lg"
        aria-label={summary}
        aria-haspopup="dialog"
        {...(loaded ? {} : triggerProps)}
        onClick={() => {
          if (!loaded) triggerProps.onClick();
          setOpened((o) => !o);
        }}
        aria-expanded={opened}
        data-testid="sync-status"
        data-online={status.online}
        data-pending={pending}
        data-rejected={rejected}
      >
        <Icon size={22} />
      </ActionIcon>
    </Indicator>
  );

  return (
    <Hint label={summary} position="bottom" hidden={opened}>
      {() =>
        loaded ? (
          <loaded.SyncPopover trigger={trigger} status={status} opened={opened} onChange={setOpened} phone={phone} />
        ) : (
          trigger
        )
      }
    </Hint>
  );
}
