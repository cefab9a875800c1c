import { Grid, Skeleton, Stack } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';

import type { BlogPost } from '../../../../server/contracts/blog';
import { countView, postQuery } from '../api/blog-api';
import { AuthorCard } from './author-card';
import { Comments } from './comments';
import { PostArticle } from './post-article';
import { useDocumentMeta } from './use-document-meta';

interface PostViewProps {
  slug: string;
  /** the author's buttons (edit, publish, delete), given the post */
  actions?: (post: BlogPost) => ReactNode;
  /** where "not found" leads (the list in the dashboard, the home for visitors) */
  notFoundAction: ReactNode;
}

/** Counts the view once per page visit (the server counts once per viewer and day). */
function useCountView(post: BlogPost | undefined) {
  const queryClient = useQueryClient();
  const id = post?.status === 'published' && !post.isMine ? post.id : null;
  const slug = post?.slug;
  useEffect(() => {
    if (!id || !slug) return;
    countView(id)
      .then(({ viewCount }) =>
        queryClient.setQueryData(postQuery(slug).queryKey, (old) =>
          old ? { post: { ...old.post, viewCount } } : old,
        ),
      )
      .catch(() => undefined);
  }, [id, slug, queryClient]);
}

function PostMeta({ post }: { post: BlogPost }) {
  useDocumentMeta({
    title: post.title,
    description: post.excerpt,
    url: post.status === 'published' ? paths.blogPost.href(post.slug) : undefined,
    image: post.coverUrl,
    type: 'article',
  });
  return null;
}

/** A post with its author card and comments: the page of the dashboard and the visitors'. */
export function PostView({ slug, actions, notFoundAction }: PostViewProps) {
  const { t } = useTranslation();
  const query = useQuery({ ...postQuery(slug), meta: { silent: true } });
  const post = query.data?.post;
  useCountView(post);

  return (
    <QueryState
      query={query}
      keepData
      loading={
        <Stack gap="md" data-testid="post-loading">
          <Skeleton radius="lg" style={{ aspectRatio: '16 / 9' }} />
          <Skeleton h={40} w="70%" />
          <Skeleton h={16} />
          <Skeleton h={16} />
          <Skeleton h={16} w="60%" />
        </Stack>
      }
      notFound={
        <EmptyState
          icon={<IconFileOff size={28} />}
          title={t('blog.notFound.title')}
          description={t('blog.notFound.description')}
          action={notFoundAction}
        />
      }
    >
      {({ post }) => (
        <Grid gap="xl">
          <PostMeta post={post} />
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl">
              <PostArticle post={post} actions={actions?.(post)} />
              <Comments post={post} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <AuthorCard author={post.author} />
          </Grid.Col>
        </Grid>
      )}
    </QueryState>
  );
}
