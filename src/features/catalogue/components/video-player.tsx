import { Text, UnstyledButton } from '@mantine/core';
import { IconCloudOff, IconPlayerPlayFilled, IconVideoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useOnline } from '@/lib/use-online';

import classes from './catalogue.module.css';
import { formatClock } from './format';
import { VideoThumb } from './video-thumb';

interface VideoPlayerProps {
  title: string;
  videoId: string;
  youtubeId: string | null;
  thumbnailUrl: string | null;
  /** Seconds to start from (a clip's deep link). */
  start: number;
}

/** YouTube's privacy-enhanced player; the server's CSP frames this origin and no other. */
export function embedUrl(youtubeId: string, start: number): string {
  const query = new URLSearchParams({ start: String(Math.floor(start)), autoplay: '1' });
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?${query.toString()}`;
}

/** A picture the app serves itself; any other origin would learn of the visit before play. */
function ownOrigin(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url, window.location.href).origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * The film. With a YouTube id it is a poster with a play button first: nothing is asked of a
 * third party until the user presses play, then the privacy-enhanced player loads in its place,
 * from the clip's start when the page was opened from a clip, and takes the focus. Without one
 * the poster says so; offline it says the film plays once back online.
 */
export function VideoPlayer({ title, videoId, youtubeId, thumbnailUrl, start }: VideoPlayerProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const poster = (
    <VideoThumb title={title} seed={videoId} url={ownOrigin(thumbnailUrl)} size="hero" />
  );
  const showFrame = Boolean(youtubeId) && playing && online;
  useEffect(() => {
    if (showFrame) frame.current?.focus();
  }, [showFrame]);

  if (youtubeId && showFrame)
    return (
      <div className={classes.player} data-testid="player">
        <iframe
          ref={frame}
          key={`${youtubeId}-${start}`}
          src={embedUrl(youtubeId, start)}
          title={t('catalogue.video.player', { title })}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );

  if (youtubeId && online)
    return (
      <div className={classes.player} data-testid="player">
        {poster}
        <UnstyledButton
          className={classes.playButton}
          onClick={() => setPlaying(true)}
          aria-label={
            start > 0
              ? t('catalogue.video.playFrom', { title, time: formatClock(start) })
              : t('catalogue.video.play', { title })
          }
          data-testid="play-button"
        >
          <span className={classes.playIcon} aria-hidden="true">
            <IconPlayerPlayFilled size={32} />
          </span>
          {start > 0 ? (
            <span className={classes.playFrom} aria-hidden="true" dir="ltr">
              {formatClock(start)}
            </span>
          ) : null}
        </UnstyledButton>
      </div>
    );

  return (
    <div className={classes.player} data-testid="player">
      {poster}
      <div className={classes.playerNote}>
        {youtubeId ? (
          <IconCloudOff size={18} aria-hidden="true" />
        ) : (
          <IconVideoOff size={18} aria-hidden="true" />
        )}
        <Text size="sm" fw={500} data-testid="player-note">
          {youtubeId ? t('catalogue.video.offlineStill') : t('catalogue.video.noStream')}
        </Text>
      </div>
    </div>
  );
}
