import { Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ChatAttachment } from '../../../../server/contracts/chat';
import { fetchImage } from '../api/chat-api';
import classes from './chat.module.css';

const cache = new Map<string, string>();

/** An image of a message, fetched with the bearer header (the server serves it only to participants). */
export function ChatImage({ attachment }: { attachment: ChatAttachment }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(cache.get(attachment.id) ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (cache.has(attachment.id)) return;
    let cancelled = false;
    fetchImage(attachment.id)
      .then((blob) => {
        const objectUrl = URL.createObjectURL(blob);
        cache.set(attachment.id, objectUrl);
        if (!cancelled) setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [attachment.id]);
  if (failed)
    return (
      <Text size="xs" c="dimmed" style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
        <IconPhotoOff size={16} /> {t('chat.thread.imageUnavailable')}
      </Text>
    );
  if (!url) return <Skeleton h={160} w={220} radius="md" />;
  return (
    <img src={url} alt={attachment.fileName} className={classes.image} data-testid="chat-image" />
  );
}
