import { Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useOnline } from '@/lib/use-online';

import classes from './catalogue.module.css';
import { VideoThumb } from './video-thumb';

interface VideoPlayerProps {
  title: string;
  videoId: string;
  youtubeId: string | null;
  thumbnailUrl: string | null;
  /** Seconds to start from (a clip's deep link). */
  start: number;
}

/** The film: a privacy-enhanced YouTube embed when there is one and the device is online, else its still. */
export function VideoPlayer({ title, videoId, youtubeId, thumbnailUrl, start }: VideoPlayerProps) {
  const { t } = useTranslation();
  const online = useOnline();
  if (youtubeId && online) {
    const query = new URLSearchParams({
      start: String(Math.floor(start)),
      rel: '0',
      modestbranding: '1',
    });
    if (start > 0) query.set('autoplay', '1');
    return (
      <div className={classes.player}>
        <iframe
          key={`${youtubeId}-${start}`}
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?${query.toString()}`}
          title={t('catalogue.video.player', { title })}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div>
      <VideoThumb title={title} seed={videoId} url={thumbnailUrl} size="hero" />
      <Text size="xs" c="dimmed" mt={6} role="note">
        {youtubeId ? (
          <>
            <IconCloudOff size={12} aria-hidden="true" /> {t('catalogue.video.offlineStill')}
          </>
        ) : (
          t('catalogue.video.noStream')
        )}
      </Text>
    </div>
  );
}
