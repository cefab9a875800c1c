import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import type { ChatParticipant } from '../../../../server/contracts/chat';
import type { LocalConversation } from '../local/chat-store';
import { ChatSidebar } from './chat-sidebar';

const person = (id: string, name: string): ChatParticipant => ({
  id,
  name,
  email: `${id}@clipdeck.dev`,
  avatarUrl: null,
  status: 'offline',
  lastActivity: null,
});
const me = person('me', 'Dana Demo');
const ada = person('ada', 'Ada Lovelace');
const carol = person('carol', 'Carol Shaw');
const direct = (other: ChatParticipant): LocalConversation => ({
  id: `c-${other.id}`,
  type: 'one-to-one',
  name: null,
  participants: [me, other],
  messages: [],
  unreadCount: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function Sidebar({ onOpen }: { onOpen: (id: string) => void }) {
  const [search, setSearch] = useState('');
  return (
    <ChatSidebar
      conversations={[direct(ada), direct(carol)]}
      contacts={[ada, carol]}
      activeId={null}
      meId="me"
      search={search}
      onSearch={setSearch}
      onOpen={onOpen}
      onNew={() => undefined}
    />
  );
}

describe('ChatSidebar search', () => {
  it('finds people by every word typed and keeps only the conversations that match', async () => {
    const onOpen = vi.fn();
    const { user } = await renderWithProviders(<Sidebar onOpen={onOpen} />);
    expect(await screen.findByText('Carol Shaw')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /search/i }), 'ada love');
    const people = await screen.findAllByTestId('contact');
    expect(people.map((p) => p.textContent)).toEqual([expect.stringContaining('Ada Lovelace')]);
    expect(screen.queryByText('Carol Shaw')).toBeNull();
    await user.click(people[0]!);
    expect(onOpen).toHaveBeenCalledWith('ada');
  });

  it('says nothing matched, with a way to start a conversation', async () => {
    const { user } = await renderWithProviders(<Sidebar onOpen={() => undefined} />);
    await user.type(await screen.findByRole('textbox', { name: /search/i }), 'zebra');
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
    expect(screen.queryAllByTestId('contact')).toHaveLength(0);
  });
});
