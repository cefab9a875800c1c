import { Anchor, Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { paths } from '@/config/paths';

import classes from '../components/blog.module.css';
import { PostActions } from '../components/post-actions';
import { PostView } from '../components/post-view';

export default function BlogPostPage() {
  const { t } = useTranslation();
  const { title: slug = '' } = useParams();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.dashboard.blog.posts.path} size="sm" w="fit-content">
        <IconArrowLeft size={14} className={classes.flip} aria-hidden="true" style={{ verticalAlign: 'middle' }} />{' '}
        {t('blog.allPosts')}
      </Anchor>
      <PostView
        key={slug}
        slug={slug}
        actions={(post) => <PostActions post={post} />}
        notFoundAction={
          <Button component={Link} to={paths.dashboard.blog.posts.path} variant="light">
            {t('blog.allPosts')}
          </Button>
        }
      />
    </Stack>
  );
}
