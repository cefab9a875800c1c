import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconCloudUpload,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '@/lib/notify';

import { limitsQuery } from '../api/files-api';
import { checkFile, formatBytes, newBytes, type UploadProblem } from '../upload/check-file';
import { pendingUploads, type UploadEntry, type UploadQueue } from '../upload/upload-queue';

interface UploadPanelProps {
  queue: UploadQueue;
  entries: UploadEntry[];
  parentId?: string | null;
  /** only these types (the image pages) */
  accept?: string[];
  /** runs on each accepted file before upload (client-side resize) */
  prepare?: (file: File) => Promise<File>;
}

export function UploadPanel({
  queue,
  entries,
  parentId = null,
  accept,
  prepare,
}: UploadPanelProps) {
  const { t, i18n } = useTranslation();
  const limits = useQuery(limitsQuery);
  const [pending] = useState(pendingUploads);
  const bytes = (n: number) => formatBytes(n, i18n.language);

  const problemText = (name: string, problem: UploadProblem) =>
    problem.kind === 'tooLarge'
      ? t('files.upload.tooLarge', { name, limit: bytes(problem.limit) })
      : problem.kind === 'quota'
        ? t('files.upload.quota', { name, free: bytes(problem.free) })
        : problem.kind === 'type'
          ? t('files.upload.type', { name })
          : t('files.upload.empty', { name });

  const onDrop = async (files: File[]) => {
    let free = limits.data ? limits.data.limit - limits.data.used : Infinity;
    for (const original of files) {
      const file = prepare ? await prepare(original) : original;
      const problem = checkFile(file, {
        maxUpload: limits.data?.maxUpload ?? Infinity,
        free,
        accept,
        unfinished: pending,
      });
      if (problem) {
        notify.error(problemText(file.name, problem));
        continue;
      }
      free -= newBytes(file, pending);
      queue.add(file, { parentId });
    }
  };

  const unfinished = pending.filter(
    (p) => !entries.some((e) => e.name === p.name && e.size === p.size),
  );
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => void onDrop(files)}
        accept={accept}
        multiple
        aria-label={t('files.upload.drop')}
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
          <IconCloudUpload size={40} stroke={1.5} aria-hidden="true" />
          <div>
            <Text fw={600}>{t('files.upload.drop')}</Text>
            <Text size="sm" c="dimmed">
              {limits.data
                ? t('files.upload.hint', {
                    max: bytes(limits.data.maxUpload),
                    free: bytes(limits.data.limit - limits.data.used),
                  })
                : t('files.upload.hintLoading')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {unfinished.length > 0 ? (
        <Alert color="yellow" variant="light" title={t('files.upload.unfinishedTitle')}>
          {t('files.upload.unfinished', { names: unfinished.map((p) => p.name).join(', ') })}
        </Alert>
      ) : null}
      {entries.length > 0 ? (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs" role="list" aria-label={t('files.upload.queue')}>
            {entries.map((entry) => (
              <UploadRow key={entry.id} entry={entry} queue={queue} bytes={bytes} />
            ))}
            {entries.some((e) => e.status === 'done' || e.status === 'cancelled') ? (
              <Group justify="flex-end">
                <Button size="xs" variant="subtle" onClick={() => queue.clearFinished()}>
                  {t('files.upload.clear')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

function UploadRow({
  entry,
  queue,
  bytes,
}: {
  entry: UploadEntry;
  queue: UploadQueue;
  bytes: (n: number) => string;
}) {
  const { t } = useTranslation();
  const percent = entry.size ? Math.round((entry.sent / entry.size) * 100) : 100;
  const active = entry.status === 'uploading' || entry.status === 'retrying';
  const color =
    entry.status === 'error'
      ? 'red'
      : entry.status === 'done'
        ? 'teal'
        : entry.status === 'paused'
          ? 'gray'
          : 'blue';
  return (
    <div role="listitem" aria-label={entry.name} data-status={entry.status}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
          {entry.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {t(`files.upload.status.${entry.status}`)} · {bytes(entry.sent)} / {bytes(entry.size)}
        </Text>
        {active ? (
          <Tooltip label={t('files.upload.pause')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('files.upload.pauseFile', { name: entry.name })}
              onClick={() => queue.pause(entry.id)}
            >
              <IconPlayerPause size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {entry.status === 'paused' || entry.status === 'error' ? (
          <Tooltip label={t('files.upload.resume')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('files.upload.resumeFile', { name: entry.name })}
              onClick={() => queue.resume(entry.id)}
            >
              {entry.status === 'error' ? <IconRefresh size={16} /> : <IconPlayerPlay size={16} />}
            </ActionIcon>
          </Tooltip>
        ) : null}
        {entry.status !== 'done' && entry.status !== 'cancelled' ? (
          <Tooltip label={t('files.upload.cancel')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('files.upload.cancelFile', { name: entry.name })}
              onClick={() => queue.cancel(entry.id)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Progress
        value={percent}
        color={color}
        striped={entry.status === 'retrying'}
        animated={entry.status === 'uploading'}
        aria-label={t('files.upload.progress', { name: entry.name })}
        size="sm"
        mt={4}
      />
      {entry.error ? (
        <Text size="xs" c="red" mt={2}>
          {entry.error}
        </Text>
      ) : null}
    </div>
  );
}
