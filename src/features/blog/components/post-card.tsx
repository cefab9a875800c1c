import {
  Anchor,
  AspectRatio,
  Avatar,
  Badge,
  Card,
  Group,
  Image,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconEye, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import stretched from '@/components/ui/stretched-link.module.css';
import { paths } from '@/config/paths';
import { formatDate, formatNumber } from '@/lib/i18n';

import type { BlogPostSummary } from '../../../../server/contracts/blog';
import classes from './blog.module.css';

/** A post in the list: cover, title (the link), excerpt, author, date, views, comments. */
export function PostCard({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation();
  const date = post.publishedAt ?? post.updatedAt;
  return (
    <Card withBorder radius="lg" padding="md" className={classes.card} data-testid="post-card">
      <Card.Section pos="relative" className={classes.cardCover}>
        <AspectRatio ratio={16 / 9}>
          {post.coverCardUrl ? (
            <Image src={post.coverCardUrl} alt="" loading="lazy" />
          ) : (
            <div aria-hidden="true" />
          )}
        </AspectRatio>
        {post.status === 'draft' ? (
          <Badge color="yellow" variant="filled" autoContrast className={classes.draftBadge}>
            {t('blog.status.draft')}
          </Badge>
        ) : null}
      </Card.Section>
      <Stack gap="xs" mt="md" flex={1}>
        <Title order={2} size="h4" lineClamp={2} dir="auto">
          <Anchor component={Link} to={paths.dashboard.blog.post.href(post.slug)} className={stretched.stretchedLink} fw={700}>
            {post.title}
          </Anchor>
        </Title>
        {post.excerpt ? (
          <Text size="sm" c="dimmed" lineClamp={3} dir="auto">
            {post.excerpt}
          </Text>
        ) : null}
      </Stack>
      <Group justify="space-between" mt="md" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Avatar src={post.author.avatarUrl} size={28} radius="xl" color="initials" name={post.author.name} alt="" />
          <Stack gap={0} miw={0}>
            <Text size="xs" fw={600} truncate>
              {post.author.name}
            </Text>
            <Text size="xs" c="dimmed">
              <time dateTime={date}>{formatDate(date)}</time>
            </Text>
          </Stack>
        </Group>
        <Group gap="sm" wrap="nowrap" c="dimmed">
          <Group gap={4} wrap="nowrap">
            <IconEye size={16} aria-hidden="true" />
            <Text size="xs" aria-hidden="true">
              {formatNumber(post.viewCount, { notation: 'compact' })}
            </Text>
            <VisuallyHidden>{t('blog.views', { count: post.viewCount, n: formatNumber(post.viewCount) })}</VisuallyHidden>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconMessageCircle size={16} aria-hidden="true" />
            <Text size="xs" aria-hidden="true">
              {formatNumber(post.commentCount)}
            </Text>
            <VisuallyHidden>{t('blog.comments.count', { count: post.commentCount, n: formatNumber(post.commentCount) })}</VisuallyHidden>
          </Group>
        </Group>
      </Group>
    </Card>
  );
}
