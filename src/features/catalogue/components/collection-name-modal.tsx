import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CollectionNameModalProps {
  opened: boolean;
  title: string;
  initialName?: string;
  submitLabel: string;
  pending: boolean;
  error?: string;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** Asks for a collection's name (create and rename). */
export function CollectionNameModal({
  opened,
  title,
  initialName = '',
  submitLabel,
  pending,
  error,
  onClose,
  onSubmit,
}: CollectionNameModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const invalid = touched && !name.trim() ? t('catalogue.collections.nameRequired') : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (name.trim()) onSubmit(name.trim());
        }}
      >
        <TextInput
          label={t('catalogue.collections.name')}
          value={name}
          maxLength={80}
          data-autofocus
          error={invalid ?? error}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
