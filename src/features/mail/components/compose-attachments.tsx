import '@mantine/dropzone/styles.layer.css';

import { Group, Loader, Pill, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { MAX_ATTACHMENT_BYTES, type MailAttachment } from '../../../../server/contracts/mail';
import type { Uploading } from '../local/use-compose-actions';
import { formatSize } from './mail-format';

interface ComposeAttachmentsProps {
  attachments: MailAttachment[];
  uploading: Uploading[];
  onDrop: (files: File[]) => void;
  onRemove: (id: string) => void;
}

/** The drop zone, the attached files (removable) and those still uploading. */
export function ComposeAttachments({
  attachments,
  uploading,
  onDrop,
  onRemove,
}: ComposeAttachmentsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Dropzone
        onDrop={onDrop}
        maxSize={MAX_ATTACHMENT_BYTES}
        p="xs"
        radius="md"
        data-testid="compose-dropzone"
        activateOnClick
      >
        <Group gap="xs" justify="center" mih={36} style={{ pointerEvents: 'none' }}>
          <IconPaperclip size={18} />
          <Text size="sm" c="dimmed">
            {t('mail.compose.dropFiles')}
          </Text>
        </Group>
      </Dropzone>
      {attachments.length + uploading.length > 0 ? (
        <Group gap={6}>
          {attachments.map((a) => (
            <Pill
              key={a.id}
              withRemoveButton
              onRemove={() => onRemove(a.id)}
              removeButtonProps={{
                'aria-label': t('mail.compose.removeFile', { name: a.fileName }),
              }}
            >
              {a.fileName} · {formatSize(a.size)}
            </Pill>
          ))}
          {uploading.map((u) => (
            <Pill key={u.key}>
              <Group gap={4} wrap="nowrap">
                <Loader size={10} />
                {u.fileName}
              </Group>
            </Pill>
          ))}
        </Group>
      ) : null}
    </>
  );
}
