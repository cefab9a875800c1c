import {
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { PagePagination } from '@/components/ui/page-pagination';
import { paths } from '@/config/paths';

import { USER_STATUSES, type UserStatus } from '../../../../server/contracts/user';
import { userDirectoryQuery } from '../api/account-api';
import { AdminOnly } from '../components/admin-only';
import { UserCard } from '../components/user-card';

const PAGE_SIZE = 12;
const GRID = { base: 1, xs: 2, md: 3, xl: 4 };

function UserCards() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<UserStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const directory = useQuery({
    ...userDirectoryQuery({
      search: debounced,
      page,
      pageSize: PAGE_SIZE,
      ...(status === 'all' ? {} : { status }),
    }),
    placeholderData: keepPreviousData,
  });
  const pages = directory.data ? Math.max(1, Math.ceil(directory.data.total / PAGE_SIZE)) : 1;
  const filtered = Boolean(debounced) || status !== 'all';

  return (
    <>
      <Group justify="space-between" mb="lg" gap="sm">
        <Title order={1} size="h3">
          {t('user.cards.title')}
        </Title>
        <Button
          component={Link}
          to={paths.dashboard.user.new.path}
          leftSection={<IconUserPlus size={18} />}
        >
          {t('user.manage.newUser')}
        </Button>
      </Group>
      <Group mb="lg" gap="sm" align="flex-end">
        <TextInput
          style={{ flex: '1 1 240px' }}
          maw={360}
          leftSection={<IconSearch size={16} />}
          placeholder={t('user.list.search')}
          aria-label={t('user.list.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <SegmentedControl
          aria-label={t('user.list.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('user.cards.all') },
            ...USER_STATUSES.map((s) => ({ value: s, label: t(`user.manage.statuses.${s}`) })),
          ]}
        />
      </Group>
      <QueryState
        query={directory}
        loading={
          <SimpleGrid cols={GRID} spacing="lg" data-testid="cards-loading">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} h={300} radius="lg" />
            ))}
          </SimpleGrid>
        }
        isEmpty={(data) => data.users.length === 0}
        empty={
          <EmptyState
            icon={<IconUsers size={28} />}
            title={t('user.list.emptyTitle')}
            description={filtered ? t('user.list.emptyBody') : t('user.cards.emptyBody')}
            action={
              filtered ? (
                <Button
                  variant="default"
                  onClick={() => {
                    setSearch('');
                    setStatus('all');
                    setPage(1);
                  }}
                >
                  {t('user.cards.clearFilters')}
                </Button>
              ) : (
                <Button component={Link} to={paths.dashboard.user.new.path}>
                  {t('user.manage.newUser')}
                </Button>
              )
            }
          />
        }
      >
        {(data) => (
          <>
            <SimpleGrid
              cols={GRID}
              spacing="lg"
              style={{ opacity: directory.isPlaceholderData ? 0.6 : 1 }}
            >
              {data.users.map((user) => (
                <UserCard key={user.id} user={user} />
              ))}
            </SimpleGrid>
            <Group justify="space-between" mt="lg" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('user.list.total', { count: data.total })}
              </Text>
              <PagePagination total={pages} value={page} onChange={setPage} size="sm" inline />
            </Group>
          </>
        )}
      </QueryState>
    </>
  );
}

export default function UserCardsPage() {
  return (
    <AdminOnly>
      <UserCards />
    </AdminOnly>
  );
}
