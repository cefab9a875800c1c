import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useAuth } from '@/lib/auth/use-auth';

import type { ClipListItem } from '../../../../server/contracts/catalogue';
import { AddToCollection } from './add-to-collection';
import classes from './catalogue.module.css';
import { clipHref } from './clip-link';
import { FavouriteButton } from './favourite-button';
import { formatClock, formatLength } from './format';
import { VideoThumb } from './video-thumb';

interface ClipRowProps {
  clip: ClipListItem;
  /** On the video's own page the film title is not repeated. */
  showVideo?: boolean;
  active?: boolean;
  /** Extra actions (remove from a collection). */
  actions?: React.ReactNode;
}

/** One clip: a link to its start time in the film, its range and length, tags and actions. */
export function ClipRow({ clip, showVideo = true, active = false, actions }: ClipRowProps) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const range = `${formatClock(clip.startSeconds)}–${formatClock(clip.endSeconds)}`;
  // on the film's own page "Film: Scene" reads as "Scene"
  const prefix = `${clip.videoTitle}: `;
  const title =
    !showVideo && clip.title.startsWith(prefix) ? clip.title.slice(prefix.length) : clip.title;
  return (
    <div className={classes.clipRow} data-active={active} data-testid="clip-row">
      {showVideo ? (
        <Link to={clipHref(clip)} tabIndex={-1} aria-hidden="true" className={classes.thumbLink}>
          <VideoThumb
            title={clip.videoTitle}
            seed={clip.videoId}
            url={clip.thumbnailUrl}
            size="small"
            badge={formatClock(clip.durationSeconds)}
          />
        </Link>
      ) : null}
      <Stack gap={4} flex={1} miw={0}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Link
              to={clipHref(clip)}
              className={classes.clipLink}
              aria-label={t('catalogue.clip.playFrom', {
                title: clip.title,
                time: formatClock(clip.startSeconds),
              })}
              data-testid="clip-link"
              dir="auto"
            >
              {title}
            </Link>
            <Text size="xs" c="dimmed">
              {showVideo ? `${clip.videoTitle} · ` : ''}
              <span dir="ltr">{range}</span> · {formatLength(clip.durationSeconds)}
            </Text>
          </div>
          {isAuthenticated ? (
            <Group gap={2} wrap="nowrap">
              <FavouriteButton
                target={{ clipId: clip.id }}
                favourite={clip.favourite}
                label={clip.title}
              />
              <AddToCollection clipId={clip.id} clipTitle={clip.title} />
              {actions}
            </Group>
          ) : null}
        </Group>
        {clip.text ? (
          <Text size="sm" lineClamp={2} dir="auto">
            {clip.text}
          </Text>
        ) : null}
        {clip.tags.length ? (
          <Group gap={4}>
            {clip.tags.slice(0, 5).map((tag) => (
              <Badge key={tag.id} size="xs" variant="light" color="gray" tt="none">
                {tag.name}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </div>
  );
}
