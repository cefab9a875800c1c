import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n, loadTranslationPart } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import SupportPage from './support';

beforeAll(async () => {
  await initI18n('en');
  await loadTranslationPart('marketing');
});
afterEach(() => vi.unstubAllGlobals());

describe('the support page', () => {
  it('finds answers by every word typed, accents and case ignored, and offers a way out when none match', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ helpEmail: 'desk@example.org', launchAt: '2031-01-01T00:00:00Z' }))));
    const { user } = await renderWithProviders(<SupportPage />);
    expect(screen.getAllByRole('article')).toHaveLength(12);
    const search = screen.getByRole('searchbox', { name: 'Search the answers' });

    await user.type(search, 'OFFLINE queue');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('1 answer');
    expect(screen.getByRole('heading', { name: 'What happens to changes I make offline?' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'passwörd');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('2 answers');

    await user.clear(search);
    await user.type(search, 'teleportation');
    expect(screen.getByText('No answer matches "teleportation"')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear the search' })[0]!);
    expect(screen.getAllByRole('article')).toHaveLength(12);
  });

  it('tells people to email the help address from the configuration', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ helpEmail: 'desk@example.org', launchAt: '2031-01-01T00:00:00Z' }))));
    await renderWithProviders(<SupportPage />);
    const help = await screen.findByText((_, el) => el?.getAttribute('data-testid') === 'help-text' && el.textContent?.includes('desk@example.org') === true);
    expect(help).toHaveTextContent('Email desk@example.org for help');
    expect(screen.getByRole('link', { name: 'desk@example.org' })).toHaveAttribute('href', 'mailto:desk@example.org');
  });
});
