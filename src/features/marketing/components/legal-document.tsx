import { Anchor, Container, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatDate } from '@/lib/i18n';

import { useHelpEmail } from '../api/get-public-config';
import type { PageMetaKey } from '../routes';
import { HelpText } from './help-text';
import { PublicHero } from './public-hero';

export type LegalDoc = 'sla' | 'terms' | 'privacy';

/** The sections of each document, in order (`legal.<doc>.sections.<id>.title|body`). */
const SECTIONS: Record<LegalDoc, string[]> = {
  sla: ['scope', 'response', 'fixes', 'operator', 'exclusions', 'remedy', 'changes'],
  terms: ['accounts', 'content', 'use', 'channels', 'plans', 'availability', 'liability', 'ending', 'changes'],
  privacy: ['account', 'content', 'sessions', 'device', 'server', 'retention', 'sharing', 'rights'],
};

/** When the texts last changed. */
export const LEGAL_UPDATED = '2026-11-24T12:00:00Z';

const LINKS: Record<LegalDoc, { to: string; label: string; meta: PageMetaKey }> = {
  sla: { to: paths.legal.sla.path, label: 'common.site.sla', meta: 'sla' },
  terms: { to: paths.legal.terms.path, label: 'common.site.terms', meta: 'terms' },
  privacy: { to: paths.legal.privacy.path, label: 'common.site.privacy', meta: 'privacy' },
};

/** A section's text: paragraphs apart by a blank line; a paragraph of "• " lines is a list. */
function Body({ text }: { text: string }) {
  return (
    <Stack gap="sm">
      {text.split('\n\n').map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith('• ')))
          return (
            <List key={i} spacing={6}>
              {lines.map((line) => (
                <List.Item key={line}>{line.slice(2)}</List.Item>
              ))}
            </List>
          );
        return (
          <Text key={i} lh={1.65}>
            {block}
          </Text>
        );
      })}
    </Stack>
  );
}

export function LegalDocument({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation();
  const helpEmail = useHelpEmail();
  const sections = SECTIONS[doc];
  return (
    <>
      <PublicHero size="sm" eyebrow={t(`legal.${doc}.eyebrow`)} title={t(`legal.${doc}.title`)} lead={t('legal.updated', { date: formatDate(LEGAL_UPDATED, { dateStyle: 'long' }) })} />
      <Container size="lg" pb={64}>
        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Paper withBorder radius="md" p="md" component="nav" aria-labelledby="legal-contents" pos={{ md: 'sticky' }} top={104}>
              <Title order={2} size="h6" id="legal-contents" mb="xs">
                {t('legal.contents')}
              </Title>
              <Stack gap={6}>
                {sections.map((id) => (
                  <Anchor key={id} href={`#${id}`} size="sm">
                    {t(`legal.${doc}.sections.${id}.title`)}
                  </Anchor>
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="xl" component="article">
              <Text size="lg">{t(`legal.${doc}.intro`)}</Text>
              {sections.map((id, i) => (
                <Fragment key={id}>
                  <section aria-labelledby={id}>
                    <Title order={2} size="h3" id={id} mb="sm" style={{ scrollMarginTop: 104 }}>
                      {i + 1}. {t(`legal.${doc}.sections.${id}.title`)}
                    </Title>
                    <Body text={t(`legal.${doc}.sections.${id}.body`)} />
                  </section>
                </Fragment>
              ))}
              <Paper withBorder radius="md" p="lg">
                <HelpText email={helpEmail} i18nKey="legal.questions" />
                <Text fw={600} mt="md" mb={6}>
                  {t('legal.related')}
                </Text>
                <Stack gap={4}>
                  {(Object.keys(LINKS) as LegalDoc[])
                    .filter((other) => other !== doc)
                    .map((other) => (
                      <Anchor key={other} component={Link} to={LINKS[other].to}>
                        {t(LINKS[other].label)}
                      </Anchor>
                    ))}
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
