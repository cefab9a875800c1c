import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconEye } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDate, formatNumber } from '@/lib/i18n';

import { COVER_SIZES, coverSrcSet, type BlogPost } from '../../../../server/contracts/blog';
import classes from './blog.module.css';

export type ArticleContent = Pick<
  BlogPost,
  'title' | 'description' | 'coverUrl' | 'tags' | 'status' | 'publishedAt' | 'viewCount' | 'body'
> &
  Partial<Pick<BlogPost, 'coverCardUrl'>> & { author: Pick<BlogPost['author'], 'name'> };

/** The body as the server stored it, cleaned once more in the browser (defence in depth; the
 *  editor's preview shows text the server has not seen yet). */
export function safeBodyHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'img', 'iframe', 'form', 'svg', 'math'],
    FORBID_ATTR: ['style'],
  });
}

/** A post as readers see it: cover, title, description, byline, tags and the body. */
export function PostArticle({ post, actions }: { post: ArticleContent; actions?: ReactNode }) {
  const { t } = useTranslation();
  const html = useMemo(() => safeBodyHtml(post.body), [post.body]);
  return (
    <article>
      <Stack gap="md">
        {post.coverUrl ? (
          <img
            src={post.coverUrl}
            // the same candidates as the server's preload (server/blog/share-page.ts): phones
            // fetch the 800 px card, once
            srcSet={post.coverCardUrl ? coverSrcSet(post.coverCardUrl, post.coverUrl) : undefined}
            sizes={post.coverCardUrl ? COVER_SIZES : undefined}
            alt=""
            className={classes.cover}
            width={1600}
            height={900}
            fetchPriority="high"
          />
        ) : null}
        <Group gap="xs">
          {post.status === 'draft' ? (
            <Badge color="yellow" variant="filled" autoContrast>
              {t('blog.status.draft')}
            </Badge>
          ) : null}
          {post.tags.map((tag) => (
            <Badge key={tag} variant="light" radius="sm" tt="none" dir="auto">
              #{tag}
            </Badge>
          ))}
        </Group>
        <Title order={1} className={classes.articleTitle} dir="auto">
          {post.title}
        </Title>
        {post.description ? (
          <Text size="lg" c="dimmed" dir="auto">
            {post.description}
          </Text>
        ) : null}
        <Group gap="lg" c="dimmed">
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {post.author.name}
          </Text>
          {post.publishedAt ? (
            <Group gap={6} wrap="nowrap">
              <IconCalendar size={16} aria-hidden="true" />
              <Text size="sm">
                <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, { dateStyle: 'long' })}</time>
              </Text>
            </Group>
          ) : null}
          <Group gap={6} wrap="nowrap">
            <IconEye size={16} aria-hidden="true" />
            <Text size="sm">{t('blog.views', { count: post.viewCount, n: formatNumber(post.viewCount) })}</Text>
          </Group>
          {actions}
        </Group>
        {/* sanitised on the server and again above */}
        <div className={classes.body} dir="auto" dangerouslySetInnerHTML={{ __html: html }} data-testid="post-body" />
      </Stack>
    </article>
  );
}
