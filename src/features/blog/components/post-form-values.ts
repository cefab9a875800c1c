// The editor's values and their checks: the contract's schema (the one the server uses), its
// issues turned into messages in the user's language.
import type { TFunction } from 'i18next';

import {
  MAX_DESCRIPTION,
  MAX_TAG,
  MAX_TAGS,
  MAX_TITLE,
  postInputSchema,
  type BlogPost,
  type PostInput,
  type PostStatus,
} from '../../../../server/contracts/blog';

export interface PostFormValues {
  title: string;
  description: string;
  tags: string[];
  body: string;
  coverId: string | null;
  coverUrl: string | null;
}

export const emptyPost: PostFormValues = {
  title: '',
  description: '',
  tags: [],
  body: '',
  coverId: null,
  coverUrl: null,
};

export function valuesOf(post: BlogPost): PostFormValues {
  return {
    title: post.title,
    description: post.description,
    tags: post.tags,
    body: post.body,
    coverId: post.coverId,
    coverUrl: post.coverUrl,
  };
}

export function toPostInput(values: PostFormValues, status: PostStatus): PostInput {
  return {
    title: values.title,
    description: values.description,
    tags: values.tags,
    body: values.body,
    coverId: values.coverId,
    status,
  };
}

/** Field errors in the user's language, or null when the post may be saved with `status`. */
export function validatePost(
  values: PostFormValues,
  status: PostStatus,
  t: TFunction,
): Record<string, string> | null {
  const parsed = postInputSchema.safeParse(toPostInput(values, status));
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (errors[field]) continue;
    const big = issue.code === 'too_big';
    switch (field) {
      case 'title':
        errors.title = big ? t('blog.form.errors.titleTooLong', { max: MAX_TITLE }) : t('blog.form.errors.titleRequired');
        break;
      case 'description':
        errors.description = t('blog.form.errors.descriptionTooLong', { max: MAX_DESCRIPTION });
        break;
      case 'tags':
        errors.tags =
          issue.path.length > 1
            ? t('blog.form.errors.tagTooLong', { max: MAX_TAG })
            : t('blog.form.errors.tooManyTags', { max: MAX_TAGS });
        break;
      case 'body':
        errors.body = big ? t('blog.form.errors.bodyTooLong') : t('blog.form.errors.bodyRequired');
        break;
      default:
        errors[field] = issue.message;
    }
  }
  return errors;
}
