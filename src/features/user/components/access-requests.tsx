import { Badge, Button, Group, Paper, Skeleton, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { notify } from '@/lib/notify';

import { accessRequestsQuery, updateAccessRequest, type AccessRequest } from '../api/account-api';

const STATUS_COLOR = { pending: 'orange', approved: 'green', declined: 'gray' } as const;

export function AccessRequests({ formatDate }: { formatDate: (iso: string) => string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const requests = useQuery(accessRequestsQuery);
  const decide = useMutation({
    mutationFn: ({ id, status }: { id: string; status: AccessRequest['status'] }) =>
      updateAccessRequest(id, status),
    onSuccess: ({ request }) => {
      notify.success(t(`user.requests.${request.status}Done`, { email: request.email }));
      return queryClient.invalidateQueries({ queryKey: accessRequestsQuery.queryKey });
    },
  });

  return (
    <QueryState
      query={requests}
      loading={<Skeleton h={240} radius="lg" />}
      isEmpty={(data) => data.requests.length === 0}
      empty={
        <EmptyState
          icon={<IconInbox size={32} />}
          title={t('user.requests.emptyTitle')}
          description={t('user.requests.emptyBody')}
        />
      }
    >
      {(data) => (
        <Paper withBorder radius="lg">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('user.requests.who')}</Table.Th>
                  <Table.Th>{t('user.requests.message')}</Table.Th>
                  <Table.Th>{t('user.requests.date')}</Table.Th>
                  <Table.Th>{t('user.list.status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.requests.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {r.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.email}
                        {r.company ? ` · ${r.company}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={320}>
                      <Text size="sm" lineClamp={2}>
                        {r.message || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(r.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOR[r.status]}>
                        {t(`user.requests.status.${r.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          color="green"
                          disabled={r.status === 'approved'}
                          loading={
                            decide.isPending &&
                            decide.variables?.id === r.id &&
                            decide.variables.status === 'approved'
                          }
                          onClick={() => decide.mutate({ id: r.id, status: 'approved' })}
                        >
                          {t('user.requests.approve')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="gray"
                          disabled={r.status === 'declined'}
                          loading={
                            decide.isPending &&
                            decide.variables?.id === r.id &&
                            decide.variables.status === 'declined'
                          }
                          onClick={() => decide.mutate({ id: r.id, status: 'declined' })}
                        >
                          {t('user.requests.decline')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </QueryState>
  );
}
