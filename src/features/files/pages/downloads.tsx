import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { getErrorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import type { DownloadEntry } from '../../../../server/contracts/files';
import { downloadsQuery, fileKeys, linkUrl, recordDownload, saveWithToken } from '../api/files-api';
import { formatBytes } from '../upload/check-file';

type Status = 'new' | 'downloading' | 'done' | 'failed';

export default function DownloadsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const downloads = useQuery(downloadsQuery);
  const [running, setRunning] = useState<Record<string, Status>>({});
  const date = new Intl.DateTimeFormat(
    i18n.language === 'vn' ? 'vi' : i18n.language === 'cn' ? 'zh-CN' : i18n.language,
    { dateStyle: 'medium' },
  );

  const save = useMutation({
    mutationFn: async (entry: DownloadEntry) => {
      setRunning((r) => ({ ...r, [entry.id]: 'downloading' }));
      if (entry.url) {
        const link = document.createElement('a');
        link.href = linkUrl(entry.url);
        link.download = entry.name;
        link.click();
      } else if (entry.path) await saveWithToken(entry.path, entry.name);
      await recordDownload(entry.source, entry.id);
    },
    onSuccess: (_r, entry) => {
      setRunning((r) => ({ ...r, [entry.id]: 'done' }));
      void queryClient.invalidateQueries({ queryKey: fileKeys.downloads });
    },
    onError: (error, entry) => {
      setRunning((r) => ({ ...r, [entry.id]: 'failed' }));
      notify.error(getErrorMessage(error));
    },
  });

  const statusOf = (entry: DownloadEntry): Status =>
    running[entry.id] ?? (entry.downloadedAt ? 'done' : 'new');
  const colors: Record<Status, string> = {
    new: 'blue',
    downloading: 'yellow',
    done: 'teal',
    failed: 'red',
  };
  const list = downloads.data?.downloads ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('files.downloads.title')}
      </Title>
      <QueryState
        query={downloads}
        loading={
          <Stack aria-busy="true" role="status" aria-label={t('files.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={40} />
            ))}
          </Stack>
        }
        isEmpty={() => list.length === 0}
        empty={
          <Paper withBorder radius="md">
            <EmptyState
              headingOrder={2}
              title={t('files.downloads.emptyTitle')}
              description={t('files.downloads.emptyText')}
              icon={<IconDownload size={28} />}
            />
          </Paper>
        }
      >
        {() => (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="sm" aria-label={t('files.downloads.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('files.columns.name')}</Table.Th>
                    <Table.Th>{t('files.downloads.source')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('files.downloads.from')}</Table.Th>
                    <Table.Th>{t('files.downloads.status')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((entry) => {
                    const status = statusOf(entry);
                    return (
                      <Table.Tr key={`${entry.source}-${entry.id}`} aria-label={entry.name}>
                        <Table.Td>
                          <Text size="sm" fw={500} truncate="end" maw={260}>
                            {entry.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {entry.size !== null
                              ? `${formatBytes(entry.size, i18n.language)} · `
                              : ''}
                            {date.format(new Date(entry.at))}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color="gray">
                            {t(`files.downloads.sources.${entry.source}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td visibleFrom="sm">
                          <Text size="sm">{entry.from}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={colors[status]} variant="light">
                            {status === 'done' && entry.downloadedAt
                              ? t('files.downloads.doneOn', {
                                  date: date.format(new Date(entry.downloadedAt)),
                                })
                              : t(`files.downloads.statuses.${status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Group justify="flex-end">
                            <Button
                              size="xs"
                              variant="light"
                              leftSection={<IconDownload size={14} />}
                              loading={status === 'downloading'}
                              onClick={() => save.mutate(entry)}
                              aria-label={t('files.downloads.download', { name: entry.name })}
                            >
                              {t('files.actions.download')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
    </Stack>
  );
}
