import '@mantine/charts/styles.layer.css';

import { BarChart, DonutChart } from '@mantine/charts';
import {
  Button,
  Card,
  Grid,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { useBarColumn } from '@/components/ui/chart-bar-width';
import { paths } from '@/config/paths';

import type { StorageOverview } from '../../../../server/contracts/files';
import { overviewQuery } from '../api/files-api';
import { FileIcon } from '../components/file-icon';
import { formatBytes } from '../upload/check-file';

const COLORS = {
  image: 'teal.6',
  video: 'violet.6',
  audio: 'pink.6',
  document: 'blue.6',
  text: 'cyan.6',
  other: 'gray.6',
} as const;

export default function StoragePage() {
  const { t } = useTranslation();
  const overview = useQuery(overviewQuery);
  return (
    <QueryState
      query={overview}
      loading={
        <Stack aria-busy="true" role="status" aria-label={t('files.loading')}>
          <Skeleton h={36} w={240} />
          <Skeleton h={220} />
        </Stack>
      }
    >
      {(data) => <Storage data={data} />}
    </QueryState>
  );
}

function Storage({ data }: { data: StorageOverview }) {
  const { t, i18n } = useTranslation();
  const bar = useBarColumn();
  const bytes = (n: number) => formatBytes(n, i18n.language);
  const free = Math.max(0, data.limit - data.used);
  const percent = Math.min(100, (data.used / data.limit) * 100);
  const categories = data.byCategory.map((c) => ({
    ...c,
    name: t(`files.categories.${c.category}`),
    color: COLORS[c.category],
  }));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('files.storage.title')}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" h="100%">
            <Text fw={600}>{t('files.storage.quota')}</Text>
            <Group justify="center" my="md">
              <DonutChart
                data={[
                  {
                    name: t('files.storage.used'),
                    value: data.used,
                    color: percent > 90 ? 'red.6' : 'blue.6',
                  },
                  { name: t('files.storage.free'), value: free, color: 'gray.3' },
                ]}
                valueFormatter={bytes}
                chartLabel={`${Math.round(percent)}%`}
                size={160}
                thickness={22}
                // a name needs a role: the chart is one image to assistive technology
                role="img"
                aria-label={t('files.storage.chartLabel')}
              />
            </Group>
            <Progress
              value={percent}
              color={percent > 90 ? 'red' : 'blue'}
              aria-label={t('files.storage.used')}
            />
            <Group justify="space-between" mt="xs">
              <Text size="sm">
                {t('files.storage.usedOf', { used: bytes(data.used), limit: bytes(data.limit) })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('files.storage.freeLeft', { free: bytes(free) })}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mt="xs">
              {t('files.storage.maxUpload', { max: bytes(data.maxUpload) })}
            </Text>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" h="100%">
            <Text fw={600} mb="sm">
              {t('files.storage.byType')}
            </Text>
            <BarChart
              h={240}
              data={categories.map((c) => ({ name: c.name, bytes: c.bytes }))}
              dataKey="name"
              series={[{ name: 'bytes', label: t('files.storage.size'), color: 'blue.6' }]}
              valueFormatter={bytes}
              tickLine="none"
              gridAxis="y"
              yAxisProps={{ width: 72, tickFormatter: (v: number) => bytes(v) }}
              barChartProps={{ barCategoryGap: bar.gap }}
              data-bar-width={`${bar.width}%`}
            />
            <Group gap="md" mt="sm">
              {categories.map((c) => (
                <Text key={c.category} size="xs" c="dimmed">
                  {c.name}: {t('files.storage.count', { count: c.count })}
                </Text>
              ))}
            </Group>
          </Card>
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Text fw={600}>{t('files.storage.recent')}</Text>
          <Button
            component={Link}
            to={paths.dashboard.filesManager.path}
            variant="subtle"
            size="xs"
          >
            {t('files.storage.openManager')}
          </Button>
        </Group>
        {data.recent.length === 0 ? (
          <EmptyState
            headingOrder={2}
            title={t('files.empty.recent.title')}
            description={t('files.empty.recent.text')}
            action={
              <Button component={Link} to={paths.dashboard.filesManager.path}>
                {t('files.actions.upload')}
              </Button>
            }
          />
        ) : (
          <Stack gap={6} role="list" aria-label={t('files.storage.recent')}>
            {data.recent.map((item) => (
              <Group key={item.id} justify="space-between" wrap="nowrap" role="listitem">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <FileIcon item={item} />
                  <Text size="sm" truncate="end">
                    {item.name}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {bytes(item.size)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
