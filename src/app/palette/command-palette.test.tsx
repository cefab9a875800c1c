import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { eventsTable } from '@/features/calendar/local/tables';
import { mailsTable } from '@/features/mail/local/tables';
import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';

import type { Mail } from '../../../server/contracts/mail';
import type { SearchAnswer } from '../../../server/contracts/search';
import { PaletteButton } from './palette-button';

vi.mock('@/lib/auth/use-auth', () => ({ useAuth: () => ({ user: { id: 'user-1', role: 'user' } }) }));

const MAIL_ID = '0b6f2f5e-8d55-4a1c-9f55-1d7c1c1b0a01';
const serverAnswer: SearchAnswer = {
  hits: [
    {
      kind: 'mail',
      id: MAIL_ID,
      title: 'Quarterly numbers',
      detail: 'Ada Lovelace · The zephyrine forecast is attached.',
      at: '2026-03-01T10:00:00.000Z',
      score: 3,
      target: { kind: 'mail', mailId: MAIL_ID, folder: 'inbox' },
    },
    {
      kind: 'event',
      id: 'e1',
      title: 'Zephyr launch',
      detail: '',
      at: '2026-03-02T09:00:00.000Z',
      score: 16,
      target: { kind: 'event', eventId: 'e1', start: '2026-03-02T09:00:00.000Z' },
    },
  ],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const mail = (id: string, subject: string, body: string, createdAt: string): Mail => ({
  id,
  messageId: id,
  folder: 'inbox',
  labelIds: ['all', 'inbox'],
  subject,
  message: `<p>${body}</p>`,
  preview: body.slice(0, 80),
  from: { name: 'Ben Okri', email: 'ben@example.com' },
  to: [],
  cc: [],
  bcc: [],
  isRead: false,
  isStarred: false,
  isImportant: false,
  isDraft: false,
  attachments: [],
  inReplyToId: null,
  createdAt,
  sentAt: createdAt,
});

async function renderPalette() {
  const view = await renderWithProviders(null, {
    route: '/dashboard/app',
    routes: [{ path: '*', element: <><PaletteButton /><Where /></> }],
  });
  const open = async () => {
    await view.user.keyboard('{Control>}k{/Control}');
    // the palette's code loads on first use: allow a busy machine to fetch and compile it
    return screen.findByRole('combobox', { name: 'Search pages and your data' }, { timeout: 15_000 });
  };
  return { ...view, open };
}

/** The list shows the answer to `query` (earlier answers stay on screen while it is on its way). */
const answered = (query: string) =>
  waitFor(() => expect(screen.getByTestId('palette-results')).toHaveAttribute('data-answered', query));
const optionLabels = () => screen.queryAllByRole('option').map((o) => o.textContent);
const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

beforeEach(async () => {
  localStorage.clear();
  await Promise.all([mailsTable().clear(), eventsTable().clear()]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Ctrl+K palette', () => {
  it('opens with Ctrl+K, finds data on the server, moves with the arrows and opens with Enter', async () => {
    setOnline(true);
    const api = stubApi({ 'GET /api/search': () => Response.json(serverAnswer) });
    const { user, open } = await renderPalette();
    const box = await open();
    expect(box).toHaveFocus();
    // pasted in one go: typed key by key on a busy machine, a pause between two keys can
    // outlast the debounce and search a prefix too
    await user.paste('zephyr');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await answered('zephyr');
    await within(list).findByRole('option', { name: /Quarterly numbers/ });
    expect(api.calls('GET', '/api/search').map((r) => new URL(r.url).searchParams.get('q'))).toEqual(['zephyr']);
    // grouped, the group with the best hit first
    expect(within(list).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Events', 'Mail']);
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const chosen = screen.getByRole('option', { name: /Quarterly numbers/ });
    expect(chosen).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', chosen.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/dashboard/mail?label=inbox&id=${MAIL_ID}`));
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
  });

  it('finds pages by their translated title and keeps recent searches for an empty box', async () => {
    setOnline(true);
    stubApi({ 'GET /api/search': () => Response.json({ hits: [] }) });
    const { user, open } = await renderPalette();
    let box = await open();
    await user.type(box, 'kanb');
    await answered('kanb');
    await screen.findByRole('option', { name: /Kanban/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/kanban'));

    box = await open();
    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    expect(within(recent).getByRole('option', { name: 'kanb' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('clipdeck.palette.recent.user-1')!)).toEqual(['kanb']);
    // choosing a recent search runs it again
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('kanb');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/kanban');
  });

  it('searches the device offline: a mail by a word of its body, an event by its title', async () => {
    setOnline(false);
    const api = stubApi({});
    await mailsTable().bulkPut([
      mail('m-old', 'Old news', 'nothing to see', '2025-01-01T00:00:00.000Z'),
      mail('m-body', 'Quarterly numbers', 'The marmalade forecast is attached.', '2026-03-01T00:00:00.000Z'),
    ]);
    await eventsTable().put({
      id: 'ev-1',
      title: 'Marmalade tasting',
      description: '',
      color: 'blue',
      allDay: false,
      start: '2026-03-02T09:00:00.000Z',
      end: '2026-03-02T10:00:00.000Z',
    });
    const { user, open } = await renderPalette();
    // typing on with the same results in the list: the first arrow still picks the first
    const box = await open();
    await user.type(box, 'marm');
    await answered('marm');
    await user.type(box, 'alade');
    await answered('marmalade');
    await screen.findByRole('option', { name: /Quarterly numbers/ });
    expect(optionLabels()).toEqual([
      expect.stringContaining('Marmalade tasting'),
      expect.stringContaining('Quarterly numbers'),
    ]);
    expect(screen.getByTestId('palette-status')).toHaveTextContent('Offline: results from this device');
    expect(api.fetch).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/\/dashboard\/calendar\?date=2026-03-0\d&event=ev-1/));
  });

  it('falls back to the device when the server does not answer, and says when nothing matches', async () => {
    setOnline(true);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await mailsTable().put(mail('m-1', 'Harbour plans', 'see the attached map', '2026-02-01T00:00:00.000Z'));
    const { user, open } = await renderPalette();
    const box = await open();
    await user.type(box, 'harbour');
    await screen.findByRole('option', { name: /Harbour plans/ });
    await user.clear(box);
    await user.type(box, 'qwxyz');
    expect(await screen.findByText('Nothing found for “qwxyz”')).toBeInTheDocument();
  });
});
