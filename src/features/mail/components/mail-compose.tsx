import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowsDiagonal,
  IconArrowsDiagonalMinimize2,
  IconDeviceFloppy,
  IconMinus,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { VerifyEmailNotice } from '@/components/feedback/verify-email-notice';
import { RichTextEditor } from '@/components/ui/rich-text-editor';

import type { ComposeDraft } from '../local/compose-draft';
import { useComposeActions } from '../local/use-compose-actions';
import { ComposeAttachments } from './compose-attachments';
import { useComposeForm } from './compose-form';
import { ComposeRecipients } from './compose-recipients';
import classes from './mail.module.css';

interface MailComposeProps {
  initial: ComposeDraft;
  suggestions: string[];
  onClose: () => void;
}

/** The compose window: the form (checked by the server's schema) and what its buttons do
 *  (../local/use-compose-actions.ts: send, save, keep on the device, attach). */
export function MailCompose({ initial, suggestions, onClose }: MailComposeProps) {
  const { t } = useTranslation();
  const form = useComposeForm(initial);
  const actions = useComposeActions(form, onClose);
  const [minimized, setMinimized] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const draft = form.values;
  const title = draft.subject || t('mail.compose.title');
  return (
    <Paper
      shadow="xl"
      withBorder
      className={classes.compose}
      data-expanded={expanded || undefined}
      role="dialog"
      aria-label={t('mail.compose.title')}
      data-testid="compose"
    >
      <div className={classes.composeHeader}>
        <Text fw={600} size="sm" truncate>
          {title}
        </Text>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t(minimized ? 'mail.compose.restore' : 'mail.compose.minimize')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setMinimized((m) => !m)}
              aria-label={t(minimized ? 'mail.compose.restore' : 'mail.compose.minimize')}
            >
              <IconMinus size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t(expanded ? 'mail.compose.shrink' : 'mail.compose.expand')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => {
                setExpanded((e) => !e);
                setMinimized(false);
              }}
              aria-label={t(expanded ? 'mail.compose.shrink' : 'mail.compose.expand')}
            >
              {expanded ? (
                <IconArrowsDiagonalMinimize2 size={18} />
              ) : (
                <IconArrowsDiagonal size={18} />
              )}
            </ActionIcon>
          </Tooltip>
          <CloseButton onClick={onClose} aria-label={t('mail.compose.close')} />
        </Group>
      </div>
      {minimized ? null : (
        <Stack gap="xs" p="sm" flex={1} mih={0} style={{ overflow: 'auto' }}>
          <VerifyEmailNotice message={t('mail.compose.verifyToSend')} />
          <ComposeRecipients form={form} suggestions={suggestions} />
          <TextInput
            label={t('mail.compose.subject')}
            {...form.getInputProps('subject')}
            data-testid="compose-subject"
          />
          <RichTextEditor
            label={t('mail.compose.body')}
            initialHtml={initial.body}
            onChange={(body) => form.setFieldValue('body', body)}
            className={classes.editor}
            contentTestId="compose-body"
          />
          <ComposeAttachments
            attachments={draft.attachments}
            uploading={actions.uploading}
            onDrop={(files) => void actions.attach(files)}
            onRemove={(id) =>
              form.setFieldValue('attachments', (list) => list.filter((x) => x.id !== id))
            }
          />
          {form.errors._ ? (
            <Text c="red" size="sm" role="alert">
              {form.errors._}
            </Text>
          ) : null}
          <Group justify="space-between" mt="auto">
            <Group gap={4}>
              <Tooltip label={t('mail.compose.discard')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('mail.compose.discard')}
                  onClick={actions.discard}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('mail.compose.saveDraft')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  loading={actions.busy === 'save'}
                  aria-label={t('mail.compose.saveDraft')}
                  onClick={() => void actions.save()}
                >
                  <IconDeviceFloppy size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Button
              rightSection={<IconSend size={16} className={classes.flip} />}
              loading={actions.busy === 'send'}
              disabled={actions.uploading.length > 0}
              onClick={() => void actions.send()}
              data-testid="compose-send"
            >
              {t('mail.compose.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
