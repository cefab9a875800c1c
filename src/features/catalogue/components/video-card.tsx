import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/i18n';

import type { VideoListItem } from '../../../../server/contracts/catalogue';
import classes from './catalogue.module.css';
import { formatClock, formatLength, formatPremiere } from './format';
import { VideoThumb } from './video-thumb';
import { useVideosReturnState } from './videos-return';

export function VideoCard({ video }: { video: VideoListItem }) {
  const { t } = useTranslation();
  const duration = video.durationSeconds;
  const returnState = useVideosReturnState();
  return (
    <Link
      to={paths.dashboard.videos.video.href(video.id)}
      state={returnState}
      className={classes.card}
      data-testid="video-card"
    >
      {/* the link is named by its text; the picture and its clock-style running time are
          decorative, the running time is read out in words after the date */}
      <div aria-hidden="true">
        <VideoThumb
          title={video.title}
          seed={video.id}
          url={video.thumbnailUrl}
          badge={duration ? formatClock(duration) : undefined}
        />
      </div>
      <div>
        <Text className={classes.cardTitle} size="sm" data-testid="video-title" dir="auto">
          {video.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {video.channel.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {video.premiereDate ? formatPremiere(video.premiereDate) : t('catalogue.video.noDate')}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden="true">
            ·
          </Text>
          <Text size="xs" c="dimmed">
            {t('catalogue.video.clipCount', {
              count: video.clipCount,
              formatted: formatNumber(video.clipCount),
            })}
          </Text>
          {duration ? <VisuallyHidden>{formatLength(duration)}</VisuallyHidden> : null}
        </Group>
      </div>
    </Link>
  );
}
