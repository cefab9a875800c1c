import { Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ChatAttachment } from '../../../../server/contracts/chat';
import { fetchImage } from '../api/chat-api';
import { keepImage, keptImage } from '../local/chat-store';
import classes from './chat.module.css';

const cache = new Map<string, string>();

/** An image of a message, fetched with the bearer header (the server serves it only to participants). */
export function ChatImage({
  attachment,
  conversationId,
}: {
  attachment: ChatAttachment;
  conversationId: string;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(cache.get(attachment.id) ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (cache.has(attachment.id)) return;
    let cancelled = false;
    const show = (blob: Blob) => {
      const objectUrl = URL.createObjectURL(blob);
      cache.set(attachment.id, objectUrl);
      if (!cancelled) setUrl(objectUrl);
    };
    void (async () => {
      const kept = await keptImage(conversationId, attachment.id).catch(() => undefined);
      if (kept) return show(kept);
      try {
        const blob = await fetchImage(attachment.id);
        show(blob);
        await keepImage(conversationId, attachment.id, blob);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [attachment.id, conversationId]);
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
