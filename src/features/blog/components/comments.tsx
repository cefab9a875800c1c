import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLock, IconMessageCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { formatDate, formatNumber, formatRelativeTime } from '@/lib/i18n';
import { notify } from '@/lib/notify';

import type { BlogComment, BlogPost } from '../../../../server/contracts/blog';
import { commentsQuery, deleteComment } from '../api/blog-api';
import classes from './blog.module.css';
import { CommentForm } from './comment-form';
import { ConfirmModal } from './confirm-modal';

interface Thread {
  comment: BlogComment;
  replies: BlogComment[];
}

export function threadsOf(comments: BlogComment[]): Thread[] {
  const threads = new Map<string, Thread>();
  for (const c of comments) if (!c.parentId) threads.set(c.id, { comment: c, replies: [] });
  for (const c of comments) if (c.parentId) threads.get(c.parentId)?.replies.push(c);
  return [...threads.values()];
}

function CommentItem({
  comment,
  onReply,
  onDelete,
}: {
  comment: BlogComment;
  onReply?: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="comment">
      <Avatar
        src={comment.author.avatarUrl}
        radius="xl"
        size={36}
        color="initials"
        name={comment.author.name}
        alt=""
      />
      <Stack gap={2} miw={0} flex={1}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {comment.author.name}
          </Text>
          <Text size="xs" c="dimmed">
            <time
              dateTime={comment.createdAt}
              title={formatDate(comment.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            >
              {formatRelativeTime(comment.createdAt)}
            </time>
          </Text>
        </Group>
        <Text size="sm" className={classes.commentBody} dir="auto">
          {comment.body}
        </Text>
        <Group gap="md">
          {onReply ? (
            <Anchor component="button" type="button" size="xs" onClick={onReply}>
              {t('blog.comments.reply')}
            </Anchor>
          ) : null}
          {comment.canDelete ? (
            <Anchor component="button" type="button" size="xs" c="red" onClick={onDelete}>
              {t('blog.comments.delete')}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
}

/** The discussion under a post: threads of one level of replies, a form for signed-in users,
 *  a way to sign in for visitors. */
export function Comments({
  post,
}: {
  post: Pick<BlogPost, 'id' | 'slug' | 'status' | 'commentCount'>;
}) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const list = useQuery({ ...commentsQuery(post.id), enabled: post.status === 'published' });
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<BlogComment | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteComment(id),
    onSuccess: () => {
      setDeleting(null);
      notify.success(t('blog.comments.deleted'));
      void queryClient.invalidateQueries({ queryKey: ['blog'] });
    },
  });
  const threads = threadsOf(list.data?.comments ?? []);
  const count = list.data?.comments.length ?? post.commentCount;

  return (
    <section aria-labelledby="comments-title" id="comments">
      <Title order={2} size="h3" id="comments-title" mb="md">
        {t('blog.comments.title', { count, n: formatNumber(count) })}
      </Title>
      {post.status !== 'published' ? (
        <Alert icon={<IconLock size={18} />} color="gray" variant="light">
          {t('blog.comments.draft')}
        </Alert>
      ) : (
        <Stack gap="lg">
          {isAuthenticated ? (
            <CommentForm postId={post.id} />
          ) : (
            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('blog.comments.signInHint')}</Text>
                <Button
                  component={Link}
                  to={paths.auth.login.href(
                    `${paths.dashboard.blog.post.href(post.slug)}#comments`,
                  )}
                  size="xs"
                  variant="light"
                >
                  {t('blog.comments.signIn')}
                </Button>
              </Group>
            </Paper>
          )}
          <QueryState
            query={list}
            loading={
              <Stack gap="md" data-testid="comments-loading">
                {[0, 1].map((i) => (
                  <Skeleton key={i} h={64} radius="md" />
                ))}
              </Stack>
            }
            isEmpty={() => threads.length === 0}
            empty={
              <Group gap="xs" c="dimmed">
                <IconMessageCircle size={18} aria-hidden="true" />
                <Text size="sm">{t('blog.comments.empty')}</Text>
              </Group>
            }
          >
            {() => (
              <Stack gap="lg">
                {threads.map(({ comment, replies }) => (
                  <Stack key={comment.id} gap="sm">
                    <CommentItem
                      comment={comment}
                      onReply={isAuthenticated ? () => setReplyTo(comment.id) : undefined}
                      onDelete={() => setDeleting(comment)}
                    />
                    {replies.length > 0 || replyTo === comment.id ? (
                      <Stack gap="sm" className={classes.replies}>
                        {replies.map((reply) => (
                          <CommentItem
                            key={reply.id}
                            comment={reply}
                            onReply={isAuthenticated ? () => setReplyTo(comment.id) : undefined}
                            onDelete={() => setDeleting(reply)}
                          />
                        ))}
                        {replyTo === comment.id ? (
                          <CommentForm
                            postId={post.id}
                            parentId={comment.id}
                            focusOnOpen
                            onDone={() => setReplyTo(null)}
                            onCancel={() => setReplyTo(null)}
                          />
                        ) : null}
                      </Stack>
                    ) : null}
                  </Stack>
                ))}
              </Stack>
            )}
          </QueryState>
        </Stack>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('blog.comments.deleteTitle')}
        message={
          deleting?.parentId ? t('blog.comments.deleteReply') : t('blog.comments.deleteThread')
        }
        confirmLabel={t('blog.comments.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
