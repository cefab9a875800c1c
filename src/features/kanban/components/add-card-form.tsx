import { useTranslation } from 'react-i18next';

import { NameForm } from './name-form';

/** The quick "add card" field at the foot of a column: stays open to add several. */
export function AddCardForm({
  onSubmit,
  onClose,
}: {
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <NameForm
      label={t('kanban.card.nameLabel')}
      placeholder={t('kanban.card.namePlaceholder')}
      submitLabel={t('kanban.card.add')}
      onSubmit={onSubmit}
      onCancel={onClose}
      keepOpen
      testId="new-card-name"
    />
  );
}
