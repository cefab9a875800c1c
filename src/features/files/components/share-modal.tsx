import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiRequestError, getErrorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import type { FileItem } from '../../../../server/contracts/files';
import { fileKeys, shareItem, sharesQuery, unshareItem } from '../api/files-api';

export function ShareModal({ item, onClose }: { item: FileItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={item?.name} centered>
      {item ? <ShareForm item={item} /> : null}
    </Modal>
  );
}

function ShareForm({ item }: { item: FileItem }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shares = useQuery(sharesQuery(item.id));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'viewer' | 'editor'>('viewer');
  const [error, setError] = useState<string | null>(null);
  const refresh = (data: { shares: unknown }) => {
    queryClient.setQueryData(fileKeys.shares(item.id), data);
    void queryClient.invalidateQueries({ queryKey: fileKeys.all });
  };
  const add = useMutation({
    mutationFn: () => shareItem(item.id, email, role),
    onSuccess: (data) => {
      refresh(data);
      setEmail('');
      setError(null);
      notify.success(t('files.share.done', { email }));
    },
    onError: (e) =>
      setError(
        e instanceof ApiRequestError ? (e.fields.email ?? getErrorMessage(e)) : getErrorMessage(e),
      ),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => unshareItem(item.id, userId),
    onSuccess: refresh,
    onError: (e) => notify.error(getErrorMessage(e)),
  });
  const roles = [
    { value: 'viewer', label: t('files.share.viewer') },
    { value: 'editor', label: t('files.share.editor') },
  ];
  return (
    <Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            label={t('files.share.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Select
            label={t('files.share.role')}
            data={roles}
            value={role}
            onChange={(v) => setRole(v === 'editor' ? 'editor' : 'viewer')}
            allowDeselect={false}
            w={130}
          />
          <Button type="submit" loading={add.isPending}>
            {t('files.share.add')}
          </Button>
        </Group>
      </form>
      <Text fw={600} size="sm">
        {t('files.share.people')}
      </Text>
      {shares.isPending ? (
        <Skeleton h={32} />
      ) : shares.data?.shares.length ? (
        <Stack gap={6} role="list" aria-label={t('files.share.people')}>
          {shares.data.shares.map((s) => (
            <Group key={s.userId} justify="space-between" role="listitem" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" truncate="end">
                  {s.name || s.email}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {s.email} · {t(`files.share.${s.role}`)}
                </Text>
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('files.share.remove', { email: s.email })}
                onClick={() => remove.mutate(s.userId)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('files.share.nobody')}
        </Text>
      )}
    </Stack>
  );
}
