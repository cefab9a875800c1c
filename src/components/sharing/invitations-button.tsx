// My pending invitations to boards and calendars, on the pages that show them: a button with
// their count, and a dialog to accept or decline each. Accepting syncs at once, so the board or
// calendar appears without waiting for the next round.
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { acceptInvitation, declineInvitation, invitationsQuery } from '@/lib/sharing/sharing-api';
import { syncNow } from '@/lib/sync/engine';

import type { Invitation } from '../../../server/contracts/live';

export function InvitationsButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const invitations = useQuery({ ...invitationsQuery(), meta: { silent: true } });
  const count = invitations.data?.length ?? 0;
  if (!count && !opened) return null;
  return (
    <>
      <Button
        variant="light"
        color="yellow"
        size="sm"
        leftSection={<IconMail size={16} />}
        rightSection={
          <Badge size="sm" circle color="yellow" variant="filled" aria-hidden="true">
            {count}
          </Badge>
        }
        onClick={() => setOpened(true)}
        aria-label={t('sharing.invitations.button', { count })}
        data-testid="invitations-button"
      >
        {t('sharing.invitations.short')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('sharing.invitations.title')}
      >
        {count === 0 ? (
          <Text c="dimmed" size="sm">
            {t('sharing.invitations.none')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {invitations.data?.map((invitation) => (
              <InvitationRow key={`${invitation.kind}:${invitation.id}`} invitation={invitation} />
            ))}
          </Stack>
        )}
      </Modal>
    </>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const target = { kind: invitation.kind, id: invitation.id };
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: invitationsQuery().queryKey });
    void syncNow();
  };
  const accept = useMutation({ mutationFn: () => acceptInvitation(target), onSuccess: done });
  const decline = useMutation({ mutationFn: () => declineInvitation(target), onSuccess: done });
  return (
    <Stack component="li" gap={6} data-testid="invitation">
      <Text size="sm">
        {t(`sharing.invitations.${invitation.kind}`, {
          owner: invitation.owner.name,
          name: invitation.name,
          role: t(`sharing.roles.${invitation.role}`),
        })}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          onClick={() => accept.mutate()}
          loading={accept.isPending}
          disabled={decline.isPending}
          aria-label={t('sharing.invitations.acceptNamed', { name: invitation.name })}
        >
          {t('sharing.invitations.accept')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => decline.mutate()}
          loading={decline.isPending}
          disabled={accept.isPending}
          aria-label={t('sharing.invitations.declineNamed', { name: invitation.name })}
        >
          {t('sharing.invitations.decline')}
        </Button>
      </Group>
    </Stack>
  );
}
