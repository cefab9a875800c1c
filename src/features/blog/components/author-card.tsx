import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { BlogAuthor } from '../../../../server/contracts/blog';

/** Who wrote the post. */
export function AuthorCard({ author }: { author: BlogAuthor }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t('blog.author.label')}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={author.avatarUrl} size={56} radius="xl" color="initials" name={author.name} alt="" />
        <Stack gap={4} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('blog.author.label')}
          </Text>
          <Text fw={700}>{author.name}</Text>
          <Text size="sm" c="dimmed" dir={author.about ? 'auto' : undefined}>
            {author.about || t('blog.author.noAbout')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
