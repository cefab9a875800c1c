import { useTranslation } from 'react-i18next';

import { NameFormPart } from './name-form-part';

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
    <NameFormPart
      wanted
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
