import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';

import { createPost, postQuery } from '../api/blog-api';
import { PostForm } from '../components/post-form';
import { emptyPost, toPostInput } from '../components/post-form-values';
import { useDocumentMeta } from '../components/use-document-meta';

export default function NewBlogPostPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useDocumentMeta({ title: t('blog.new') });
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('blog.new')}
      </Title>
      <PostForm
        initial={emptyPost}
        onSave={async (values, status) => {
          const { post } = await createPost(toPostInput(values, status));
          queryClient.setQueryData(postQuery(post.slug).queryKey, { post });
          void queryClient.invalidateQueries({ queryKey: ['blog', 'posts'] });
          notify.success(status === 'published' ? t('blog.editor.published') : t('blog.editor.savedDraft'));
          return paths.dashboard.blog.post.href(post.slug);
        }}
      />
    </Stack>
  );
}
