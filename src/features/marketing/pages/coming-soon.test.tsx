import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n, loadTranslationPart } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import { timeLeft } from '../components/countdown';
import ComingSoonPage from './coming-soon';

beforeAll(async () => {
  await initI18n('en');
  await loadTranslationPart('marketing');
});
afterEach(() => vi.unstubAllGlobals());

function stubApi(launchAt: string) {
  const joined: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (new URL(request.url).pathname === '/api/public/notify') {
        const body = (await request.json()) as { email: string };
        joined.push(body);
        return Response.json({ email: body.email.toLowerCase(), launchAt }, { status: 201 });
      }
      return Response.json({ helpEmail: 'desk@example.org', launchAt });
    }),
  );
  return joined;
}

describe('the coming-soon page', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    expect(timeLeft(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(timeLeft(now - 1000, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('counts down to the configured date and puts an email on the launch list', async () => {
    const launch = new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString();
    const joined = stubApi(launch);
    const { user } = await renderWithProviders(<ComingSoonPage />);
    await waitFor(() => expect(document.querySelector('[data-unit="days"]')).toHaveTextContent('3'));

    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Email address is required.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'Fan@Example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText("You're on the list. We will write to fan@example.com when Clipdeck Cloud opens.")).toBeInTheDocument();
    expect(joined).toEqual([{ email: 'Fan@Example.com', language: 'en' }]);
  });

  it('says it is open once the date has passed', async () => {
    stubApi(new Date(Date.now() - 60_000).toISOString());
    await renderWithProviders(<ComingSoonPage />);
    expect(await screen.findByText('Clipdeck Cloud is open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
  });
});
