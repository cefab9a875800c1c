// The contact form: checked with the server's schema (each refused field named on the field),
// a failed send keeps what was typed and says why, a sent message shows a confirmation.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n, loadTranslationPart } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import ContactUsPage from '../pages/contact-us';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

beforeAll(async () => {
  await initI18n('en');
  await loadTranslationPart('marketing');
});
afterEach(() => vi.unstubAllGlobals());

/** The API as the page meets it: `contact` answers the POST. */
function stubApi(contact: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/public/config') return Response.json({ helpEmail: 'desk@example.org', launchAt: '2031-01-01T00:00:00Z' });
      if (path === '/api/public/contact' && request.method === 'POST') {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return contact(body);
      }
      return Response.json({ error: 'unexpected' }, { status: 500 });
    }),
  );
  return posted;
}

async function fill(user: Awaited<ReturnType<typeof renderWithProviders>>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Your email' }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Importing our archive');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'We have 4,000 videos. Can we import them?');
}

describe('the contact form', () => {
  it('names each refused field and sends nothing', async () => {
    const posted = stubApi(() => Response.json({}, { status: 201 }));
    const { user } = await renderWithProviders(<ContactUsPage />);
    await user.type(screen.getByRole('textbox', { name: 'Your email' }), 'ada@');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your name is required.')).toBeInTheDocument();
    expect(screen.getByText('Enter an email address such as name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Subject is required.')).toBeInTheDocument();
    expect(screen.getByText('Message needs at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('keeps what was typed when the send fails, and says so', async () => {
    const posted = stubApi(() => Response.json({ error: 'Something went wrong on our side.' }, { status: 500 }));
    const { user } = await renderWithProviders(<ContactUsPage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('It could not be sent');
    expect(posted).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('We have 4,000 videos. Can we import them?');
  });

  it('says how long to wait when throttled', async () => {
    stubApi(() => Response.json({ error: 'Too many requests.' }, { status: 429, headers: { 'Retry-After': '600' } }));
    const { user } = await renderWithProviders(<ContactUsPage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 10 min.');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Importing our archive');
  });

  it('sends the message with the page language and confirms where it went', async () => {
    const posted = stubApi(() =>
      Response.json({ id: 'm1', sentTo: 'desk@example.org', receivedAt: '2026-11-24T10:00:00Z' }, { status: 201 }),
    );
    const { user } = await renderWithProviders(<ContactUsPage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message received')).toBeInTheDocument();
    expect(screen.getByText(/Thank you, Ada Lovelace\. Your message went to desk@example\.org/)).toBeInTheDocument();
    expect(posted[0]).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Importing our archive',
      message: 'We have 4,000 videos. Can we import them?',
      language: 'en',
    });
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue(''));
  });

  it('shows the help address from the server', async () => {
    stubApi(() => Response.json({}, { status: 201 }));
    await renderWithProviders(<ContactUsPage />);
    await waitFor(() => expect(screen.getByTestId('help-email')).toHaveTextContent('desk@example.org'));
  });
});
