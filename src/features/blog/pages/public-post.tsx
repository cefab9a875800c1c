import { Button, Container } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { takeEmbeddedPost } from '../api/blog-api';
import { PostView } from '../components/post-view';

/** /blog/post/{slug}: a published post for visitors (simple layout, no session needed). A
 *  signed-in reader is taken to the same post in the dashboard. */
export default function PublicBlogPostPage() {
  const { t } = useTranslation();
  const { title: slug = '' } = useParams();
  const { isInitialized, isAuthenticated } = useAuth();
  // the server's page carries the post: it shows without a second request
  const [initialPost] = useState(() => takeEmbeddedPost(slug));
  if (isInitialized && isAuthenticated) return <Navigate replace to={paths.dashboard.blog.post.href(slug)} />;
  return (
    <Container size="lg" py={{ base: 'md', md: 'xl' }}>
      <PostView
        key={slug}
        slug={slug}
        initialPost={initialPost}
        notFoundAction={
          <Button component={Link} to={paths.auth.login.href(paths.dashboard.blog.post.href(slug))} variant="light">
            {t('blog.notFound.signIn')}
          </Button>
        }
      />
    </Container>
  );
}
