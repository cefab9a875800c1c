import { Button, Skeleton, Stack, Title } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';

import type { BlogPost } from '../../../../server/contracts/blog';
import { postQuery, updatePost } from '../api/blog-api';
import { PostForm } from '../components/post-form';
import { toPostInput, valuesOf, type PostFormValues } from '../components/post-form-values';
import { useDocumentMeta } from '../components/use-document-meta';

/** The fields that differ from the saved post (an update sends only those). */
function changes(post: BlogPost, values: PostFormValues, status: BlogPost['status']) {
  const input = toPostInput(values, status);
  const saved = toPostInput(valuesOf(post), post.status);
  return Object.fromEntries(
    Object.entries(input).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(saved[key as keyof typeof saved]),
    ),
  );
}

export default function EditBlogPostPage() {
  const { t } = useTranslation();
  const { title: slug = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery({ ...postQuery(slug), meta: { silent: true } });
  const post = query.data?.post;
  useDocumentMeta({
    title: post ? t('blog.editor.editing', { title: post.title }) : t('blog.actions.edit'),
  });

  const unavailable = (missing: boolean) => (
    <EmptyState
      icon={<IconFileOff size={28} />}
      title={missing ? t('blog.notFound.title') : t('blog.editor.notYours')}
      description={missing ? t('blog.notFound.description') : t('blog.editor.notYoursBody')}
      action={
        <Button component={Link} to={paths.dashboard.blog.posts.path} variant="light">
          {t('blog.allPosts')}
        </Button>
      }
    />
  );
  return (
    <QueryState
      query={query}
      loading={
        <Stack gap="md" data-testid="post-loading">
          <Skeleton h={32} w={240} />
          <Skeleton h={480} radius="lg" />
        </Stack>
      }
      notFound={unavailable(true)}
      isEmpty={(data) => !data.post.isMine}
      empty={unavailable(false)}
    >
      {({ post }) => (
        <Stack gap="lg">
          <Title order={1} size="h3">
            {t('blog.editor.editing', { title: post.title })}
          </Title>
          <PostForm
            key={post.id}
            post={post}
            initial={valuesOf(post)}
            onSave={async (values, status) => {
              const { post: saved } = await updatePost(post.id, changes(post, values, status));
              queryClient.setQueryData(postQuery(saved.slug).queryKey, { post: saved });
              if (saved.slug !== post.slug)
                queryClient.removeQueries({ queryKey: postQuery(post.slug).queryKey });
              void queryClient.invalidateQueries({ queryKey: ['blog', 'posts'] });
              notify.success(
                saved.status === 'published'
                  ? post.status === 'published'
                    ? t('blog.editor.updated')
                    : t('blog.editor.published')
                  : t('blog.editor.savedDraft'),
              );
              return paths.dashboard.blog.post.href(saved.slug);
            }}
          />
        </Stack>
      )}
    </QueryState>
  );
}
