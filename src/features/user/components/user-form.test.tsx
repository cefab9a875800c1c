import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiRequestError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';

import { UserForm } from './user-form';
import { emptyUserForm, toUpdateInput } from './user-form-values';

const existing = {
  ...emptyUserForm(),
  firstName: 'Nia',
  lastName: 'Okafor',
  email: 'nia@example.com',
  status: 'active' as const,
  city: 'Lagos',
};

function conflictOnEmail() {
  const body = {
    error: 'An account with this email already exists.',
    fields: { email: 'An account with this email already exists.' },
  };
  return new ApiRequestError(new Response(JSON.stringify(body), { status: 409 }), body);
}

describe('the admin user form', () => {
  it('names each missing field with the shared schema and sends nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = await renderWithProviders(
      <UserForm
        mode="create"
        initial={emptyUserForm()}
        submitLabel="Create user"
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: /^Email address/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Email address/ })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid email address.'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
    // the profile fields belong to the edit page only
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
  });

  it('sends the chosen role and status, and puts a taken email on the email field', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(conflictOnEmail())
      .mockResolvedValueOnce(undefined);
    const { user } = await renderWithProviders(
      <UserForm
        mode="create"
        initial={emptyUserForm()}
        submitLabel="Create user"
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Nia');
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Okafor');
    await user.type(screen.getByRole('textbox', { name: /^Email address/ }), 'nia@example.com');
    await user.click(screen.getByRole('radio', { name: 'Admin' }));
    await user.click(screen.getByRole('radio', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        firstName: 'Nia',
        email: 'nia@example.com',
        role: 'admin',
        status: 'active',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists.',
    );
    expect(screen.getByRole('textbox', { name: /^Email address/ })).toHaveAccessibleDescription(
      expect.stringContaining('An account with this email already exists.'),
    );
    // nothing typed is lost
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Nia');
  });

  it('warns before a ban and locks an admin’s own role and status', async () => {
    const { user, unmount } = await renderWithProviders(
      <UserForm
        mode="edit"
        initial={existing}
        submitLabel="Save changes"
        onSubmit={() => Promise.resolve()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Banned' }));
    expect(
      screen.getByText('Saving bans Nia Okafor: every open session ends at once.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    unmount();

    await renderWithProviders(
      <UserForm
        mode="edit"
        self
        initial={{ ...existing, role: 'admin' }}
        submitLabel="Save changes"
        onSubmit={() => Promise.resolve()}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Banned' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'User' })).toBeDisabled();
    expect(screen.getByText(/You cannot change your own role or status/)).toBeInTheDocument();
  });

  it('is translated, right to left, in Arabic', async () => {
    await renderWithProviders(
      <UserForm
        mode="edit"
        initial={existing}
        submitLabel="حفظ التغييرات"
        onSubmit={() => Promise.resolve()}
      />,
      { language: 'ar' },
    );
    expect(screen.getByRole('textbox', { name: /^الاسم الأول/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'محظور' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('toUpdateInput', () => {
  it('sends only what changed, trimmed', () => {
    expect(toUpdateInput({ ...existing, city: ' Abuja ', role: 'admin' }, existing)).toEqual({
      city: 'Abuja',
      role: 'admin',
    });
    expect(toUpdateInput(existing, existing)).toEqual({});
  });
});
