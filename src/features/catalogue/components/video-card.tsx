import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/i18n';

import type { VideoListItem } from '../../../../server/contracts/catalogue';
import classes from './catalogue.module.css';
import { formatClock, formatLength, formatPremiere } from './format';
import { VideoThumb } from './video-thumb';

export function VideoCard({ video }: { video: VideoListItem }) {
  const { t } = useTranslation();
  const duration = video.durationSeconds;
  return (
    <Link
      to={paths.dashboard.videos.video.href(video.id)}
      className={classes.card}
      data-testid="video-card"
      aria-label={[
        video.title,
        video.channel.name,
        video.premiereDate ? formatPremiere(video.premiereDate) : null,
        duration ? formatLength(duration) : null,
      ]
        .filter(Boolean)
        .join(', ')}
    >
      <VideoThumb
        title={video.title}
        seed={video.id}
        url={video.thumbnailUrl}
        badge={duration ? formatClock(duration) : undefined}
      />
      <div>
        <Text className={classes.cardTitle} size="sm" data-testid="video-title">
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
        </Group>
      </div>
    </Link>
  );
}
