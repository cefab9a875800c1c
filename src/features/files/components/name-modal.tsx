import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { fileName } from '../../../../server/contracts/files';

interface NameModalProps {
  opened: boolean;
  title: string;
  initial?: string;
  pending: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a folder or file name, checked with the server's own schema. */
export function NameModal({
  opened,
  title,
  initial = '',
  pending,
  onSubmit,
  onClose,
}: NameModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setName(initial);
      setError(null);
    }
  }, [opened, initial]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = fileName.safeParse(name);
          if (!parsed.success) return setError(t('files.name.invalid'));
          onSubmit(parsed.data);
        }}
      >
        <TextInput
          label={t('files.name.label')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('files.actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('files.actions.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
