import { Button, CopyButton, Group } from '@mantine/core';
import { IconCheck, IconEdit, IconEyeOff, IconLink, IconSend, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';

import type { BlogPost } from '../../../../server/contracts/blog';
import { deletePost, postQuery, publishPost } from '../api/blog-api';
import { ConfirmModal } from './confirm-modal';

/** Under a post's title: copy its public link; for its author also edit, publish or
 *  unpublish, delete (after a question). */
export function PostActions({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const publish = useMutation({
    mutationFn: (published: boolean) => publishPost(post.id, published),
    onSuccess: ({ post: saved }) => {
      queryClient.setQueryData(postQuery(saved.slug).queryKey, { post: saved });
      void queryClient.invalidateQueries({ queryKey: ['blog', 'posts'] });
      notify.success(saved.status === 'published' ? t('blog.editor.published') : t('blog.editor.unpublished'));
    },
  });
  const remove = useMutation({
    mutationFn: () => deletePost(post.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: postQuery(post.slug).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['blog', 'posts'] });
      notify.success(t('blog.editor.deleted'));
      void navigate(paths.dashboard.blog.posts.path, { replace: true });
    },
  });
  const publicUrl = new URL(paths.blogPost.href(post.slug), window.location.origin).href;

  return (
    <Group gap="xs">
      {post.status === 'published' ? (
        <CopyButton value={publicUrl}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              leftSection={copied ? <IconCheck size={14} /> : <IconLink size={14} />}
              onClick={copy}
            >
              {copied ? t('blog.actions.copied') : t('blog.actions.copyLink')}
            </Button>
          )}
        </CopyButton>
      ) : null}
      {post.isMine ? (
        <>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={paths.dashboard.blog.edit.href(post.slug)}
            leftSection={<IconEdit size={14} />}
          >
            {t('blog.actions.edit')}
          </Button>
          <Button
            size="xs"
            variant={post.status === 'published' ? 'default' : 'filled'}
            loading={publish.isPending}
            leftSection={post.status === 'published' ? <IconEyeOff size={14} /> : <IconSend size={14} />}
            onClick={() => publish.mutate(post.status !== 'published')}
          >
            {post.status === 'published' ? t('blog.actions.unpublish') : t('blog.actions.publish')}
          </Button>
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
            {t('blog.actions.delete')}
          </Button>
          <ConfirmModal
            opened={confirming}
            title={t('blog.actions.deleteTitle')}
            message={t('blog.actions.deleteMessage', { title: post.title })}
            confirmLabel={t('blog.actions.delete')}
            busy={remove.isPending}
            onConfirm={() => remove.mutate()}
            onCancel={() => setConfirming(false)}
          />
        </>
      ) : null}
    </Group>
  );
}
