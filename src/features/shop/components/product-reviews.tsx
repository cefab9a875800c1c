import {
  Alert,
  Avatar,
  Button,
  Group,
  Input,
  Paper,
  Progress,
  Rating,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { QueryState } from '@/components/feedback/query-state';
import { ApiRequestError, getErrorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import {
  reviewInputSchema,
  type Product,
  type ReviewInput,
} from '../../../../server/contracts/shop';
import { postReview, reviewsQuery } from '../api/shop-api';
import { intlLocale } from './money';

export function ProductReviews({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const reviews = useQuery(reviewsQuery(product.slug));
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<{ rating: number; text: string }>({
    initialValues: { rating: 0, text: '' },
    validate: schemaResolver(reviewInputSchema, { sync: true }),
  });
  const save = useMutation({
    mutationFn: (input: ReviewInput) => postReview(product.slug, input),
    onSuccess: async () => {
      form.reset();
      setSaveError(null);
      notify.success(t('shop.reviews.saved'));
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
    onError: (error) => {
      // what was typed stays in the form; field errors go on their fields
      const fields = error instanceof ApiRequestError ? error.fields : {};
      form.setErrors(fields);
      setSaveError(getErrorMessage(error));
    },
  });
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' }).format(
      new Date(iso),
    );
  const list = reviews.data?.reviews ?? [];
  const histogram = [5, 4, 3, 2, 1].map((star) => ({
    star,
    count: list.filter((r) => r.rating === star).length,
  }));

  return (
    <Stack gap="lg">
      <Title order={2} size="h4">
        {t('shop.reviews.title')}
      </Title>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap={4} align="center" miw={140}>
          <Text fz={40} fw={700} lh={1}>
            {new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 1 }).format(
              product.ratingAverage,
            )}
          </Text>
          <Rating value={product.ratingAverage} fractions={10} readOnly />
          <Text size="sm" c="dimmed">
            {t('shop.card.reviews', { count: product.ratingCount })}
          </Text>
        </Stack>
        <Stack gap={6} style={{ flex: '1 1 220px' }} maw={360}>
          {histogram.map(({ star, count }) => (
            <Group key={star} gap="xs" wrap="nowrap">
              <Text size="xs" w={56}>
                {t('shop.reviews.stars', { count: star })}
              </Text>
              <Progress
                value={list.length ? (count / list.length) * 100 : 0}
                style={{ flex: 1 }}
                aria-label={t('shop.reviews.stars', { count: star })}
              />
              <Text size="xs" c="dimmed" w={24} ta="end">
                {count}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>

      <Paper withBorder radius="lg" p="md">
        <form
          onSubmit={form.onSubmit((values) => {
            setSaveError(null);
            save.mutate(reviewInputSchema.parse(values));
          })}
          noValidate
        >
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('shop.reviews.write')}
            </Title>
            <Input.Wrapper
              label={t('shop.reviews.rating')}
              error={form.errors.rating}
              id="review-rating"
            >
              <Rating
                {...form.getInputProps('rating')}
                aria-label={t('shop.reviews.rating')}
                size="lg"
              />
            </Input.Wrapper>
            <Textarea
              label={t('shop.reviews.text')}
              rows={4}
              maxLength={2000}
              {...form.getInputProps('text')}
            />
            {saveError ? (
              <Alert color="red" variant="light" role="alert">
                {saveError === 'Something went wrong' ? t('common.errors.generic') : saveError}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('shop.reviews.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <QueryState
        query={reviews}
        loading={<Skeleton h={120} radius="lg" />}
        isEmpty={() => list.length === 0}
        empty={<Text c="dimmed">{t('shop.reviews.none')}</Text>}
      >
        {() => (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((r) => (
              <li key={r.id}>
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  <Avatar
                    src={r.authorAvatarUrl}
                    name={r.authorName}
                    color="initials"
                    radius="xl"
                  />
                  <div style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {r.authorName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {date(r.createdAt)}
                      </Text>
                    </Group>
                    <Rating value={r.rating} readOnly size="xs" my={4} />
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {r.text}
                    </Text>
                  </div>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
