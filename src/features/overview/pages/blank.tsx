import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function BlankPage() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} size="h3" mb="lg">
        {t('overview.blank.title')}
      </Title>
      <Paper radius="lg" p="xl" mih={320} withBorder style={{ borderStyle: 'dashed' }}>
        <Text c="dimmed">{t('overview.blank.body')}</Text>
      </Paper>
    </>
  );
}
