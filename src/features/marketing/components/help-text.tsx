import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The help text ("Email {email} for help…", docs/product-rules.md) with the address as a
 *  mail link. */
export function HelpText({ email, i18nKey = 'marketing.support.helpText' }: { email: string; i18nKey?: string }) {
  const { t } = useTranslation();
  const text = t(i18nKey, { email });
  const at = text.indexOf(email);
  if (at < 0) return <Text>{text}</Text>;
  return (
    <Text data-testid="help-text">
      {text.slice(0, at)}
      <Anchor href={`mailto:${email}`} dir="ltr" fw={600}>
        {email}
      </Anchor>
      {text.slice(at + email.length)}
    </Text>
  );
}
