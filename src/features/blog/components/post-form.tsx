import {
  Alert,
  Button,
  Grid,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { RichTextEditor } from '@/components/ui/rich-text-editor';
import { ApiRequestError, getErrorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

import { MAX_DESCRIPTION, MAX_TAGS, type BlogPost, type PostStatus } from '../../../../server/contracts/blog';
import classes from './blog.module.css';
import { CoverUpload } from './cover-upload';
import { PostArticle } from './post-article';
import { validatePost, type PostFormValues } from './post-form-values';
import { useUnsavedChanges } from './use-unsaved-changes';

interface PostFormProps {
  initial: PostFormValues;
  /** the post being edited; none for a new one */
  post?: BlogPost;
  /** saves with the status asked for; resolves with where to go next (the saved post) */
  onSave: (values: PostFormValues, status: PostStatus) => Promise<string>;
}

const same = (a: PostFormValues, b: PostFormValues) => JSON.stringify(a) === JSON.stringify(b);

/** The post editor: title, description, tags, cover, the body in the rich-text editor, a
 *  preview as readers will see it, and save as draft or publish. */
export function PostForm({ initial, post, onSave }: PostFormProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState<PostStatus | null>(null);
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const dirty = !same(values, initial);
  const { prompt, allowNextNavigation } = useUnsavedChanges(dirty && saving === null);

  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  async function save(status: PostStatus) {
    const invalid = validatePost(values, status, t);
    if (invalid) {
      setErrors(invalid);
      setMode('write');
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(status);
    try {
      const next = await onSave(values, status);
      allowNextNavigation();
      void navigate(next, { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length) setErrors(error.fields);
      setFormError(getErrorMessage(error) === 'Something went wrong' ? t('common.errors.generic') : getErrorMessage(error));
      setSaving(null);
    }
  }

  const published = post?.status === 'published';
  const author = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p="md">
            <Stack gap="md">
              <SegmentedControl
                w="fit-content"
                value={mode}
                onChange={(m) => setMode(m)}
                data={[
                  { value: 'write', label: t('blog.editor.write') },
                  { value: 'preview', label: t('blog.editor.preview') },
                ]}
              />
              {mode === 'preview' ? (
                <div data-testid="post-preview">
                  <PostArticle
                    post={{
                      ...values,
                      title: values.title || t('blog.editor.untitled'),
                      status: post?.status ?? 'draft',
                      publishedAt: post?.publishedAt ?? null,
                      viewCount: post?.viewCount ?? 0,
                      author: { name: post?.author.name ?? author },
                    }}
                  />
                </div>
              ) : null}
              <Stack gap="md" style={mode === 'preview' ? { display: 'none' } : undefined}>
                <TextInput
                  label={t('blog.form.title')}
                  required
                  value={values.title}
                  onChange={(e) => set('title', e.currentTarget.value)}
                  error={errors.title}
                />
                <Textarea
                  label={t('blog.form.description')}
                  description={t('blog.form.descriptionHint')}
                  rows={3}
                  resize="vertical"
                  value={values.description}
                  onChange={(e) => set('description', e.currentTarget.value)}
                  error={errors.description}
                  rightSection={
                    <Text size="xs" c="dimmed" pe={6}>
                      {MAX_DESCRIPTION - values.description.length}
                    </Text>
                  }
                  rightSectionWidth={44}
                />
                <Input.Wrapper label={t('blog.form.body')} required error={errors.body}>
                  <RichTextEditor
                    label={t('blog.form.body')}
                    initialHtml={initial.body}
                    onChange={(html, isEmpty) => set('body', isEmpty ? '' : html)}
                    headings
                    invalid={Boolean(errors.body)}
                    className={classes.editor}
                    contentTestId="post-body-editor"
                  />
                </Input.Wrapper>
              </Stack>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="md">
              <Stack gap="md">
                <CoverUpload
                  url={values.coverUrl}
                  error={errors.coverId}
                  onChange={(cover) => setValues((v) => ({ ...v, coverId: cover?.id ?? null, coverUrl: cover?.url ?? null }))}
                />
                <TagsInput
                  label={t('blog.form.tags')}
                  description={t('blog.form.tagsHint', { max: MAX_TAGS })}
                  value={values.tags}
                  onChange={(tags) => set('tags', tags)}
                  maxTags={MAX_TAGS}
                  splitChars={[',', '#']}
                  acceptValueOnBlur
                  clearable
                  error={errors.tags}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {published ? t('blog.editor.isPublished') : t('blog.editor.isDraft')}
                </Text>
                {formError ? (
                  <Alert color="red" variant="light" role="alert">
                    {formError}
                  </Alert>
                ) : null}
                <Group grow>
                  <Button
                    variant="default"
                    leftSection={<IconDeviceFloppy size={16} />}
                    loading={saving === 'draft'}
                    disabled={saving !== null}
                    onClick={() => void save('draft')}
                  >
                    {published ? t('blog.editor.toDraft') : t('blog.editor.saveDraft')}
                  </Button>
                  <Button
                    leftSection={<IconSend size={16} />}
                    loading={saving === 'published'}
                    disabled={saving !== null}
                    onClick={() => void save('published')}
                  >
                    {published ? t('blog.editor.update') : t('blog.editor.publish')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {prompt}
    </>
  );
}
