import { Badge, Button, Group, Paper, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { notify } from '@/lib/notify';

import { channelClaimsQuery, decideChannelClaim } from '../api/account-api';

/**
 * Channels claimed at sign-up, waiting for an admin: approving one gives the user the channel
 * (and its private videos), which the server allows only once the user's email is verified.
 */
export function ChannelClaims({ formatDate }: { formatDate: (iso: string) => string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const claims = useQuery(channelClaimsQuery);
  const decide = useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'refused'; name: string }) =>
      decideChannelClaim(id, status),
    onSuccess: ({ status }, { name }) => {
      notify.success(t(`user.claims.${status}Done`, { name }));
      return queryClient.invalidateQueries({ queryKey: channelClaimsQuery.queryKey });
    },
  });

  return (
    <QueryState
      query={claims}
      loading={<Skeleton h={240} radius="lg" />}
      isEmpty={(data) => data.claims.length === 0}
      empty={
        <EmptyState
          icon={<IconBrandYoutube size={32} />}
          title={t('user.claims.emptyTitle')}
          description={t('user.claims.emptyBody')}
        />
      }
    >
      {(data) => (
        <Paper withBorder radius="lg">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('user.claims.who')}</Table.Th>
                  <Table.Th>{t('user.claims.channel')}</Table.Th>
                  <Table.Th>{t('user.claims.date')}</Table.Th>
                  <Table.Th>{t('user.claims.email')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('user.claims.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.claims.map((claim) => (
                  <Table.Tr key={claim.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {claim.user.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {claim.user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{claim.channelName ?? '—'}</Text>
                      <Text size="xs" c="dimmed">
                        {claim.youtubeChannelId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(claim.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={claim.user.emailVerified ? 'green' : 'orange'}>
                        {claim.user.emailVerified
                          ? t('user.security.verified')
                          : t('user.security.unverified')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          color="green"
                          disabled={!claim.user.emailVerified}
                          title={
                            claim.user.emailVerified ? undefined : t('user.claims.needsVerified')
                          }
                          aria-label={t('user.claims.approveFor', { name: claim.user.name })}
                          loading={decide.isPending && decide.variables?.id === claim.id}
                          onClick={() =>
                            decide.mutate({
                              id: claim.id,
                              status: 'approved',
                              name: claim.user.name,
                            })
                          }
                        >
                          {t('user.claims.approve')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="gray"
                          aria-label={t('user.claims.refuseFor', { name: claim.user.name })}
                          onClick={() =>
                            decide.mutate({
                              id: claim.id,
                              status: 'refused',
                              name: claim.user.name,
                            })
                          }
                        >
                          {t('user.claims.refuse')}
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
