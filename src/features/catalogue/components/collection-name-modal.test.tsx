import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { CollectionNameModal } from './collection-name-modal';

/** The modal as a page uses it: a save that may fail with the server's error. */
function Harness({ onSubmit, failWith }: { onSubmit: (name: string) => void; failWith?: unknown }) {
  const [error, setError] = useState<unknown>(undefined);
  return (
    <CollectionNameModal
      opened
      title="New collection"
      submitLabel="Create"
      pending={false}
      error={error}
      onClose={() => undefined}
      onSubmit={(name) => {
        onSubmit(name);
        if (failWith) setError(failWith);
      }}
    />
  );
}

describe('collection name form', () => {
  it('checks the name with the shared schema and sends it trimmed', async () => {
    const onSubmit = vi.fn();
    const { user } = await renderWithProviders(<Harness onSubmit={onSubmit} />);
    const name = await screen.findByRole('textbox', { name: 'Collection name' });
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Give the collection a name')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(name, ' Night scenes ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith('Night scenes');
  });

  it('a failed save shows the server’s word on the field and keeps what was typed', async () => {
    const failure = Object.assign(new Error('Invalid name: is required'), {
      data: { fields: { name: 'is required' } },
    });
    const { user } = await renderWithProviders(
      <Harness onSubmit={() => undefined} failWith={failure} />,
    );
    const name = await screen.findByRole('textbox', { name: 'Collection name' });
    await user.type(name, 'Chases');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Give the collection a name')).toBeInTheDocument();
    expect(name).toHaveValue('Chases');
  });
});
