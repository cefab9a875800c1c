import { Button, Group, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiRequestError, getErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/i18n';

import { MAX_COMMENT } from '../../../../server/contracts/blog';
import { createComment } from '../api/blog-api';

interface CommentFormProps {
  postId: string;
  /** the comment this replies to */
  parentId?: string | null;
  onDone?: () => void;
  onCancel?: () => void;
  /** moves the focus into the field when it appears (a reply form opened by its button) */
  focusOnOpen?: boolean;
}

/** Writes a comment or a reply. Plain text: what is typed is shown as typed. */
export function CommentForm({ postId, parentId = null, onDone, onCancel, focusOnOpen }: CommentFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnOpen) field.current?.focus();
  }, [focusOnOpen]);
  const send = useMutation({
    mutationFn: () => createComment({ postId, parentId, body: text }),
    onSuccess: () => {
      setText('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: ['blog'] });
      onDone?.();
    },
    onError: (err) =>
      setError(err instanceof ApiRequestError && err.fields.body ? err.fields.body : getErrorMessage(err)),
    meta: { silent: true },
  });
  const length = text.trim().length;
  const tooLong = text.length > MAX_COMMENT;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (length === 0) return setError(t('blog.comments.required'));
        if (tooLong) return setError(t('blog.comments.tooLong', { max: formatNumber(MAX_COMMENT) }));
        send.mutate();
      }}
    >
      <Textarea
        label={parentId ? t('blog.comments.replyLabel') : t('blog.comments.label')}
        placeholder={parentId ? t('blog.comments.replyPlaceholder') : t('blog.comments.placeholder')}
        rows={parentId ? 2 : 3}
        resize="vertical"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          if (error) setError(null);
        }}
        error={error}
        ref={field}
      />
      <Group justify="space-between" mt="xs">
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
          {text.length > MAX_COMMENT * 0.8 ? `${formatNumber(text.length)} / ${formatNumber(MAX_COMMENT)}` : ''}
        </Text>
        <Group gap="xs">
          {onCancel ? (
            <Button variant="default" size="xs" onClick={onCancel}>
              {t('blog.actions.cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="xs" loading={send.isPending}>
            {parentId ? t('blog.comments.reply') : t('blog.comments.submit')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
