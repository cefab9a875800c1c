import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconFolderPlus, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '@/lib/notify';

import { addClipToCollectionOptions, createCollectionOptions } from '../api/edit-collections';
import { collectionsOptions } from '../api/get-collections';
import { nameErrorOf, toCollectionName, useCollectionNameForm } from './collection-name-form';

/** A menu that puts a clip into one of the user's collections, or into a new one. */
export function AddToCollection({ clipId, clipTitle }: { clipId: string; clipTitle: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const form = useCollectionNameForm();
  const collections = useQuery(collectionsOptions({ enabled: open }));
  const add = useMutation(addClipToCollectionOptions());
  const addTo = (collection: { id: string; name: string }) =>
    add.mutate(
      { collectionId: collection.id, clipId },
      {
        onSuccess: () =>
          notify.success(
            t('catalogue.collections.added', { title: clipTitle, name: collection.name }),
          ),
      },
    );
  const create = useMutation({
    ...createCollectionOptions({
      onSuccess: (collection) => {
        setCreating(false);
        form.reset();
        setOpen(false);
        addTo(collection);
      },
    }),
    // what was typed stays; the reason goes on the field
    onError: (error) => form.setFieldError('name', nameErrorOf(t, error)),
  });
  const label = t('catalogue.collections.addTo', { title: clipTitle });

  return (
    <Popover
      opened={open}
      onChange={setOpen}
      position="bottom-end"
      withArrow
      shadow="md"
      width={260}
    >
      <Popover.Target>
        <Tooltip label={label} withArrow disabled={open}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={label}
            onClick={() => setOpen((o) => !o)}
          >
            <IconFolderPlus size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" px="xs" pt={4}>
            {t('catalogue.collections.title')}
          </Text>
          {collections.isPending ? (
            <Text size="sm" px="xs" py={6} c="dimmed">
              {t('common.loading')}
            </Text>
          ) : null}
          {collections.data?.length === 0 && !creating ? (
            <Text size="sm" px="xs" py={6} c="dimmed">
              {t('catalogue.collections.none')}
            </Text>
          ) : null}
          {collections.data?.map((collection) => (
            <Button
              key={collection.id}
              variant="subtle"
              color="gray"
              size="sm"
              fullWidth
              justify="space-between"
              fw={500}
              onClick={() => {
                setOpen(false);
                addTo(collection);
              }}
              rightSection={
                <Text size="xs" c="dimmed">
                  {collection.clipCount}
                </Text>
              }
            >
              {collection.name}
            </Button>
          ))}
          {creating ? (
            <form
              onSubmit={form.onSubmit((values) =>
                create.mutate({ name: toCollectionName(values) }),
              )}
            >
              <Group gap={4} p={4} wrap="nowrap">
                <TextInput
                  size="xs"
                  flex={1}
                  data-autofocus
                  aria-label={t('catalogue.collections.name')}
                  placeholder={t('catalogue.collections.name')}
                  maxLength={80}
                  {...form.getInputProps('name')}
                />
                <ActionIcon
                  type="submit"
                  aria-label={t('catalogue.collections.create')}
                  loading={create.isPending}
                >
                  <IconCheck size={16} />
                </ActionIcon>
              </Group>
            </form>
          ) : (
            <Button
              variant="subtle"
              size="xs"
              justify="flex-start"
              leftSection={<IconPlus size={14} />}
              onClick={() => setCreating(true)}
            >
              {t('catalogue.collections.new')}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
