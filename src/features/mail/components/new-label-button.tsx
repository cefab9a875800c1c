import { Button, ColorInput, Group, Popover, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiRequestError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';

import { createLabel } from '../api/mail-api';
import { mailKeys } from '../local/use-mail-sync';

const SWATCHES = ['#00a76f', '#8e33ff', '#00b8d9', '#ffab00', '#ff5630', '#637381'];

export function NewLabelButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [color, setColor] = useState(SWATCHES[0]!);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createLabel(name.trim(), color),
    meta: { silent: true },
    onSuccess: async () => {
      setOpened(false);
      setName('');
      notify.success(t('mail.labels.created'));
      await queryClient.invalidateQueries({ queryKey: mailKeys.labels });
    },
    onError: (e) => {
      setError(
        e instanceof ApiRequestError
          ? (e.fields.name ?? e.message)
          : t('mail.offline.actionRefused'),
      );
    },
  });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus withArrow>
      <Popover.Target>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={16} />}
          onClick={() => setOpened((o) => !o)}
        >
          {t('mail.labels.new')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (!name.trim()) return setError(t('mail.labels.nameRequired'));
            create.mutate();
          }}
        >
          <Stack gap="xs" w={220}>
            <TextInput
              label={t('mail.labels.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <ColorInput
              label={t('mail.labels.color')}
              value={color}
              onChange={setColor}
              swatches={SWATCHES}
              format="hex"
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={create.isPending}>
                {t('mail.labels.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
