import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import type { ChatParticipant } from '../../../../server/contracts/chat';
import type { LocalConversation } from '../local/chat-store';
import { ConversationList } from './conversation-list';

const person = (id: string, name: string): ChatParticipant => ({
  id,
  name,
  email: `${id}@clipdeck.dev`,
  avatarUrl: null,
  status: 'offline',
  lastActivity: null,
});

const group = (others: ChatParticipant[]): LocalConversation => ({
  id: `c-${others.length}`,
  type: 'group',
  name: null,
  participants: [person('me', 'Dana Demo'), ...others],
  messages: [],
  unreadCount: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const six = [
  person('p1', 'Ada Lovelace'),
  person('p2', 'Brian Kernighan'),
  person('p3', 'Carol Shaw'),
  person('p4', 'Dennis Ritchie'),
  person('p5', 'Edsger Dijkstra'),
  person('p6', 'Frances Allen'),
];

describe('conversation list avatars (spec: avatar group max 4)', () => {
  it('a group with six other people shows four faces, then +2', async () => {
    await renderWithProviders(
      <ConversationList
        conversations={[group(six)]}
        activeId={null}
        meId="me"
        onOpen={() => undefined}
      />,
    );
    const avatars = within(screen.getByTestId('conversation-avatars'));
    expect(avatars.getByText('AL')).toBeInTheDocument();
    expect(avatars.getByText('DR')).toBeInTheDocument();
    expect(avatars.queryByText('ED')).toBeNull();
    expect(screen.getByTestId('conversation-avatars').children).toHaveLength(5);
    expect(avatars.getByTestId('more-participants')).toHaveTextContent('+2');
  });

  it('a group of three shows each face and no count', async () => {
    await renderWithProviders(
      <ConversationList
        conversations={[group(six.slice(0, 3))]}
        activeId={null}
        meId="me"
        onOpen={() => undefined}
      />,
    );
    expect(screen.getByTestId('conversation-avatars').children).toHaveLength(3);
    expect(screen.queryByTestId('more-participants')).toBeNull();
  });
});
