import { Button, CloseButton, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMessageQuestion, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { paths } from '@/config/paths';

import { useHelpEmail } from '../api/get-public-config';
import { FAQ_CATEGORIES, searchFaq, type FaqEntry } from '../components/faq';
import { HelpText } from '../components/help-text';
import { usePageMeta } from '../components/page-meta';
import { PublicHero } from '../components/public-hero';

/** Questions with their answers in full: readable before any script runs, and by search engines. */
function FaqList({ entries }: { entries: FaqEntry[] }) {
  return (
    <Stack gap="sm">
      {entries.map((entry) => (
        <Paper key={entry.id} withBorder radius="md" p="md" component="article" aria-labelledby={`q-${entry.id}`}>
          <Title order={3} size="h5" id={`q-${entry.id}`} mb={6}>
            {entry.question}
          </Title>
          <Text c="dimmed" size="sm">
            {entry.answer}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

export default function SupportPage() {
  const { t } = useTranslation();
  usePageMeta('support');
  const helpEmail = useHelpEmail();
  const [query, setQuery] = useState('');
  const entries = useMemo<FaqEntry[]>(
    () =>
      FAQ_CATEGORIES.flatMap(({ key, items }) =>
        items.map((id) => ({
          id,
          category: key,
          question: t(`marketing.support.faq.${id}.q`),
          answer: t(`marketing.support.faq.${id}.a`),
        })),
      ),
    [t],
  );
  const found = searchFaq(entries, query);
  const searching = query.trim() !== '';
  return (
    <>
      <PublicHero eyebrow={t('marketing.support.eyebrow')} title={t('marketing.support.title')} lead={t('marketing.support.lead')}>
        <TextInput
          w={{ base: '100%', sm: 520 }}
          size="lg"
          radius="xl"
          type="search"
          aria-label={t('marketing.support.search')}
          placeholder={t('marketing.support.searchPlaceholder')}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          rightSection={searching ? <CloseButton aria-label={t('marketing.support.clear')} onClick={() => setQuery('')} /> : null}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </PublicHero>
      <Container size="md" pb={64}>
        <Stack gap={48}>
          {searching ? (
            <section aria-live="polite">
              <Title order={2} size="h5" c="dimmed" fw={500} mb="md" data-testid="faq-count">
                {t('marketing.support.results', { count: found.length })}
              </Title>
              {found.length > 0 ? (
                <FaqList entries={found} />
              ) : (
                <EmptyState
                  icon={<IconMessageQuestion size={28} />}
                  title={t('marketing.support.noResults', { query: query.trim() })}
                  description={t('marketing.support.noResultsBody')}
                  action={
                    <Group gap="sm" justify="center">
                      <Button variant="default" onClick={() => setQuery('')}>
                        {t('marketing.support.clear')}
                      </Button>
                      <Button component={Link} to={paths.contactUs.path}>
                        {t('marketing.support.writeUs')}
                      </Button>
                    </Group>
                  }
                />
              )}
            </section>
          ) : (
            FAQ_CATEGORIES.map(({ key }) => (
              <section key={key} aria-labelledby={`faq-${key}`}>
                <Title order={2} size="h3" id={`faq-${key}`} mb="md">
                  {t(`marketing.support.categories.${key}`)}
                </Title>
                <FaqList entries={entries.filter((entry) => entry.category === key)} />
              </section>
            ))
          )}
          <Paper withBorder radius="lg" p="xl">
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t('marketing.support.helpTitle')}
              </Title>
              <HelpText email={helpEmail} />
              <Group gap="sm">
                <Button component={Link} to={paths.contactUs.path}>
                  {t('marketing.support.writeUs')}
                </Button>
                <Button component={Link} to={paths.demo.path} variant="default">
                  {t('marketing.common.bookDemo')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </>
  );
}
