import { Popover } from '@mantine/core';
import type { ReactElement } from 'react';

import type { SyncStatus } from '@/lib/sync/engine';

import { SyncPanel } from './sync-panel';

/** The sync panel in a popover under the header's sync button (loaded on intent). */
export function SyncPopover({
  trigger,
  status,
  opened,
  onChange,
  phone,
}: {
  trigger: ReactElement;
  status: SyncStatus;
  opened: boolean;
  onChange: (opened: boolean) => void;
  phone: boolean;
}) {
  return (
    <Popover opened={opened} onChange={onChange} width={phone ? 320 : 360} position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>{trigger}</Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 24px)">
        <SyncPanel status={status} />
      </Popover.Dropdown>
    </Popover>
  );
}
