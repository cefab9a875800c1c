import { Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { PostView } from '../components/post-view';

/** /blog/post/{slug} when the app is already running (the dashboard's address sends a visitor
 *  here, and the service worker's offline fallback): a published post for visitors (simple
 *  layout, no session needed). A signed-in reader is taken to the same post in the dashboard.
 *  A page load of this address is the server's own page (server/blog/public-page.ts). */
export default function PublicBlogPostPage() {
  const { t } = useTranslation();
  const { title: slug = '' } = useParams();
  const { isInitialized, isAuthenticated } = useAuth();
  if (isInitialized && isAuthenticated) return <Navigate replace to={paths.dashboard.blog.post.href(slug)} />;
  return (
    <Container size="lg" py={{ base: 'md', md: 'xl' }}>
      <PostView
        key={slug}
        slug={slug}
        notFoundAction={
          <Button component={Link} to={paths.auth.login.href(paths.dashboard.blog.post.href(slug))} variant="light">
            {t('blog.notFound.signIn')}
          </Button>
        }
      />
    </Container>
  );
}
