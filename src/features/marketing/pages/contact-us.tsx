import { Anchor, Button, Container, Grid, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconHelp, IconMail, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import type { ContactReceipt } from '../../../../server/contracts/public';
import { useHelpEmail } from '../api/get-public-config';
import { ContactForm } from '../components/contact-form';
import { usePageMeta } from '../components/page-meta';
import { PublicHero } from '../components/public-hero';

function Sent({ name, receipt, onAgain }: { name: string; receipt: ContactReceipt; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" role="status">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden="true">
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('marketing.contact.sentTitle')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('marketing.contact.sentBody', { name, email: receipt.sentTo })}
        </Text>
        <Button variant="default" onClick={onAgain}>
          {t('marketing.contact.sendAnother')}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function ContactUsPage() {
  const { t } = useTranslation();
  usePageMeta('contactUs');
  const helpEmail = useHelpEmail();
  const [sent, setSent] = useState<{ receipt: ContactReceipt; name: string } | null>(null);
  return (
    <>
      <PublicHero size="sm" eyebrow={t('marketing.contact.eyebrow')} title={t('marketing.contact.title')} lead={t('marketing.contact.lead')} />
      <Container size="lg" pb={64}>
        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {sent ? (
              <Sent name={sent.name} receipt={sent.receipt} onAgain={() => setSent(null)} />
            ) : (
              <ContactForm onSent={(receipt, values) => setSent({ receipt, name: values.name.trim() })} />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg" component="aside" aria-label={t('marketing.contact.otherWays')}>
              <Title order={2} size="h4">
                {t('marketing.contact.otherWays')}
              </Title>
              <Paper withBorder radius="md" p="md">
                <Stack gap={4}>
                  <Text fw={600}>
                    <IconMail size={18} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> {t('marketing.contact.mailUs')}
                  </Text>
                  <Anchor href={`mailto:${helpEmail}`} dir="ltr" data-testid="help-email">
                    {helpEmail}
                  </Anchor>
                </Stack>
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Stack gap={6}>
                  <Text fw={600}>
                    <IconVideo size={18} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> {t('marketing.contact.demoTitle')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('marketing.contact.demoBody')}
                  </Text>
                  <Button component={Link} to={paths.demo.path} variant="light" w="fit-content">
                    {t('marketing.common.bookDemo')}
                  </Button>
                </Stack>
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Stack gap={6}>
                  <Text fw={600}>
                    <IconHelp size={18} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> {t('marketing.contact.supportTitle')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('marketing.contact.supportBody')}
                  </Text>
                  <Anchor component={Link} to={paths.support.path}>
                    {t('common.site.support')}
                  </Anchor>
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
