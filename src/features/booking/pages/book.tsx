import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

import { publicPageQuery } from '../api/booking-api';
import { BookingFlow } from '../components/booking-flow';
import { usePageTitle } from '../components/use-page-title';

/** /book/:slug: anyone's published booking page, signed in or out. */
export default function BookPage() {
  const slug = useParams().slug ?? '';
  const page = useQuery(publicPageQuery(slug));
  usePageTitle(page.data?.page.title);
  return (
    <Container size="lg" py="xl">
      <BookingFlow slug={slug} />
    </Container>
  );
}
