import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { nameErrorOf, toCollectionName, useCollectionNameForm } from './collection-name-form';

interface CollectionNameModalProps {
  opened: boolean;
  title: string;
  initialName?: string;
  submitLabel: string;
  pending: boolean;
  /** The failed save's error: shown on the field, what was typed stays. */
  error?: unknown;
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
  const form = useCollectionNameForm(initialName);
  const { setFieldError } = form;
  useEffect(() => {
    if (error) setFieldError('name', nameErrorOf(t, error));
  }, [error, setFieldError, t]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit((values) => onSubmit(toCollectionName(values)))}>
        <TextInput
          label={t('catalogue.collections.name')}
          maxLength={80}
          data-autofocus
          {...form.getInputProps('name')}
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
