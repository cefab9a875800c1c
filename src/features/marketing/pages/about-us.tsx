import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff, IconMessages, IconSearch, IconServer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '@/lib/i18n';

import { CtaBand } from '../components/cta-band';
import { usePageMeta } from '../components/page-meta';
import { PublicHero } from '../components/public-hero';

const FEATURES = [
  { key: 'catalogue', icon: IconSearch },
  { key: 'team', icon: IconMessages },
  { key: 'offline', icon: IconCloudOff },
  { key: 'selfHosted', icon: IconServer },
];

/** The figures are facts of the product: 5 languages, `npm start`, no outside service, the
 *  embedding model's 512 dimensions. */
const FIGURES = [
  { value: 5, key: 'figureLanguages' },
  { value: 1, key: 'figureCommand' },
  { value: 0, key: 'figureServices' },
  { value: 512, key: 'figureDimensions' },
];

export default function AboutUsPage() {
  const { t } = useTranslation();
  usePageMeta('aboutUs');
  return (
    <>
      <PublicHero eyebrow={t('marketing.about.eyebrow')} title={t('marketing.about.title')} lead={t('marketing.about.lead')} />
      <Container size="lg" pb={32}>
        <Stack gap={64}>
          <section aria-labelledby="about-what">
            <Title order={2} id="about-what" ta="center" mb="xl">
              {t('marketing.about.what')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
              {FEATURES.map(({ key, icon: Icon }) => (
                <Stack key={key} gap="xs">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                    <Icon size={24} />
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {t(`marketing.about.${key}Title`)}
                  </Title>
                  <Text c="dimmed">{t(`marketing.about.${key}Body`)}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </section>
          <section aria-labelledby="about-figures">
            <Title order={2} id="about-figures" ta="center" mb="xl">
              {t('marketing.about.figures')}
            </Title>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
              {FIGURES.map(({ value, key }) => (
                <Paper key={key} withBorder radius="lg" p="lg" ta="center">
                  <Text fz={40} fw={800} lh={1.1} c="var(--mantine-primary-color-filled)">
                    {formatNumber(value)}
                  </Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {t(`marketing.about.${key}`)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </section>
          <section aria-labelledby="about-principles">
            <Title order={2} id="about-principles" ta="center" mb="xl">
              {t('marketing.about.principles')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {['1', '2', '3', '4'].map((n) => (
                <Paper key={n} radius="md" p="lg" withBorder>
                  <Text>{t(`marketing.about.principle${n}`)}</Text>
                </Paper>
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </Container>
      <CtaBand title={t('marketing.about.ctaTitle')} body={t('marketing.about.ctaBody')} />
    </>
  );
}
