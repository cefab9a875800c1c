import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { PagePagination } from '@/components/ui/page-pagination';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';

import { updateManagedUser, userListQuery, type ManagedUser } from '../api/account-api';
import { AccessRequests } from '../components/access-requests';
import { ChannelClaims } from '../components/channel-claims';
import { UserStatusBadge } from '../components/user-status-badge';

const PAGE_SIZE = 20;

export default function UserListPage() {
  const { t, i18n } = useTranslation();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [tab, setTab] = useState<string | null>('users');
  const list = useQuery({
    ...userListQuery({ search: debounced, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled: me?.role === 'admin',
  });
  const change = useMutation({
    mutationFn: ({
      id,
      input,
    }: {
      id: string;
      input: { role?: ManagedUser['role']; status?: ManagedUser['status'] };
    }) => updateManagedUser(id, input),
    onSuccess: ({ user }) => {
      notify.success(t('user.list.updated', { name: `${user.firstName} ${user.lastName}` }));
      return queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
  const intlLocale = { vn: 'vi', cn: 'zh-CN', ar: 'ar-SD' }[i18n.language] ?? i18n.language;
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' }).format(new Date(iso));

  if (me?.role !== 'admin') return <Navigate to={paths.dashboard.permissionDenied.path} replace />;

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <Group justify="space-between" mb="lg" gap="sm">
        <Title order={1} size="h3">
          {t('user.list.title')}
        </Title>
        <Button
          component={Link}
          to={paths.dashboard.user.new.path}
          leftSection={<IconUserPlus size={18} />}
        >
          {t('user.manage.newUser')}
        </Button>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="users">{t('user.list.usersTab')}</Tabs.Tab>
          <Tabs.Tab value="requests">{t('user.list.requestsTab')}</Tabs.Tab>
          <Tabs.Tab value="claims">{t('user.list.claimsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <TextInput
            mb="md"
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
          <QueryState
            query={list}
            loading={<Skeleton h={360} radius="lg" />}
            isEmpty={(data) => data.users.length === 0}
            empty={
              <EmptyState
                icon={<IconUsers size={32} />}
                title={t('user.list.emptyTitle')}
                description={t('user.list.emptyBody')}
              />
            }
          >
            {(data) => (
              <Paper withBorder radius="lg">
                <Table.ScrollContainer minWidth={760}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('user.list.name')}</Table.Th>
                        <Table.Th>{t('user.list.role')}</Table.Th>
                        <Table.Th>{t('user.list.joined')}</Table.Th>
                        <Table.Th>{t('user.list.lastSeen')}</Table.Th>
                        <Table.Th>{t('user.list.active')}</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>{t('user.list.actions')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.users.map((u) => {
                        const self = u.id === me.id;
                        const busy = change.isPending && change.variables?.id === u.id;
                        return (
                          <Table.Tr key={u.id}>
                            <Table.Td>
                              <Group gap="sm" wrap="nowrap">
                                <Avatar
                                  radius="xl"
                                  color="initials"
                                  name={`${u.firstName} ${u.lastName}`}
                                />
                                <div style={{ minWidth: 0 }}>
                                  <Text fw={600} size="sm" truncate>
                                    {u.firstName} {u.lastName}
                                  </Text>
                                  <Text size="xs" c="dimmed" truncate>
                                    {u.email}
                                  </Text>
                                </div>
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              <Select
                                size="xs"
                                w={130}
                                aria-label={t('user.list.roleOf', { name: u.firstName })}
                                data={[
                                  { value: 'user', label: t('user.roles.user') },
                                  { value: 'admin', label: t('user.roles.admin') },
                                ]}
                                value={u.role}
                                allowDeselect={false}
                                disabled={self || busy}
                                onChange={(role) =>
                                  role &&
                                  change.mutate({
                                    id: u.id,
                                    input: { role: role },
                                  })
                                }
                              />
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{formatDate(u.createdAt)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" c="dimmed">
                                {u.lastSeenAt ? formatDate(u.lastSeenAt) : t('user.list.never')}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Group gap="xs" wrap="nowrap">
                                <Switch
                                  checked={u.status === 'active'}
                                  disabled={self || busy}
                                  aria-label={t('user.list.activeOf', { name: u.firstName })}
                                  onChange={(e) =>
                                    change.mutate({
                                      id: u.id,
                                      input: {
                                        status: e.currentTarget.checked ? 'active' : 'banned',
                                      },
                                    })
                                  }
                                />
                                {u.status === 'active' ? null : (
                                  <UserStatusBadge status={u.status} />
                                )}
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              <ActionIcon
                                component={Link}
                                to={paths.dashboard.user.edit.href(u.slug)}
                                variant="subtle"
                                aria-label={t('user.list.editOf', {
                                  name: `${u.firstName} ${u.lastName}`,
                                })}
                              >
                                <IconPencil size={18} />
                              </ActionIcon>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group justify="space-between" p="md" wrap="wrap">
                  <Text size="sm" c="dimmed">
                    {t('user.list.total', { count: data.total })}
                  </Text>
                  <PagePagination total={pages} value={page} onChange={setPage} size="sm" inline />
                </Group>
              </Paper>
            )}
          </QueryState>
        </Tabs.Panel>
        <Tabs.Panel value="requests">
          <AccessRequests formatDate={formatDate} />
        </Tabs.Panel>
        <Tabs.Panel value="claims">
          <ChannelClaims formatDate={formatDate} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
