import { screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import type { CardRow } from '../local/tables';
import { CardDrawer } from './card-drawer';

// happy-dom has no FontFaceSet; Mantine's autosize textarea listens to it
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

const card: CardRow = {
  id: '7b0c8f4e-0d2a-4a55-9a4e-1f6f0f2b9c01',
  columnId: '5a1f0d6e-7b7c-4a49-8f44-6b4f3f1b2c02',
  boardId: '5a1f0d6e-7b7c-4a49-8f44-6b4f3f1b2c0b',
  name: 'Write release notes',
  description: '',
  assignees: ['Ada'],
  priority: 'medium',
  due: '2026-11-30T08:15:00.000Z',
  labels: [],
  checklist: [{ id: 'c1', text: 'Draft', done: true }],
  completed: false,
};

async function renderDrawer(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  const view = await renderWithProviders(
    <CardDrawer
      opened
      card={card}
      columnName="To do"
      onClose={onClose}
      onSave={onSave}
      onDelete={vi.fn()}
      knownAssignees={[]}
      knownLabels={[]}
    />,
    options,
  );
  return { ...view, onSave, onClose };
}

describe('card drawer', () => {
  it("names its close button in the page's language, and it closes", async () => {
    onTestFinished(() => changeLanguage('en'));
    const { user, onClose } = await renderDrawer({ language: 'fr' });
    await user.click(await screen.findByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the error on the name field and keeps everything typed when the name is invalid', async () => {
    const { user, onSave, onClose } = await renderDrawer();
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, '   ');
    await user.type(screen.getByLabelText('Description'), 'Covers the offline board');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('   ');
    expect(screen.getByLabelText('Description')).toHaveValue('Covers the offline board');
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    // a checklist item without text gets its own error, the rest stays as typed
    await user.clear(name);
    await user.type(name, 'Write the release notes');
    await user.clear(screen.getByLabelText('Checklist item 1'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/A checklist item needs text/)).toBeInTheDocument();
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends only the changed fields', async () => {
    const { user, onSave, onClose } = await renderDrawer();
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Publish release notes');
    await user.click(screen.getByRole('radio', { name: 'High' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith(card.id, {
      name: 'Publish release notes',
      priority: 'high',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('saves nothing when nothing changed (a due time is kept)', async () => {
    const { user, onSave, onClose } = await renderDrawer();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});
