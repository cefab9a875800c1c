import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { trpc } from '@/lib/trpc';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';

import type { VideoDetail } from '../../../../server/contracts/catalogue';
import { VideoCard } from '../components/video-card';
import VideoPage from './video';

const film: VideoDetail = {
  id: 'v1',
  externalId: 'movie-1',
  title: 'Blade Runner',
  description: '',
  channel: { slug: 'ridley', name: 'Ridley Scott' },
  premiereDate: '1982-06-25',
  durationSeconds: 7020,
  virality: 10,
  accessLevel: 'public',
  youtubeId: null,
  thumbnailUrl: null,
  clipCount: 0,
  people: [],
  videoTags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  favourite: false,
  clips: [],
};

const routes = [
  { path: '/dashboard/videos', element: <VideoCard video={film} /> },
  { path: '/dashboard/videos/:videoId', element: <VideoPage /> },
];

async function openVideo(from: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(trpc.catalogue.video.queryKey({ videoId: 'v1' }), film);
  queryClient.setQueryDefaults(trpc.catalogue.video.queryKey({ videoId: 'v1' }), {
    staleTime: Infinity,
  });
  return renderWithProviders(null, { routes, route: from, queryClient });
}

beforeEach(() => {
  // the page's index-status query: never answered here
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('video page: the way back to the videos list', () => {
  it('returns to the list as the user left it (their search kept)', async () => {
    const { user, router } = await openVideo('/dashboard/videos?textArr=blade&sortBy=virality');
    await user.click(screen.getByRole('link', { name: /Blade Runner/ }));
    const back = await screen.findByRole('link', { name: 'Videos' });
    expect(back).toHaveAttribute('href', '/dashboard/videos?textArr=blade&sortBy=virality');
    await user.click(back);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/dashboard/videos?textArr=blade&sortBy=virality',
    );
  });

  it('a direct visit goes back to the plain list', async () => {
    await openVideo('/dashboard/videos/v1');
    expect(await screen.findByRole('link', { name: 'Videos' })).toHaveAttribute(
      'href',
      '/dashboard/videos',
    );
  });
});

describe('video card', () => {
  it('is named by the text it shows, starting with the title', async () => {
    await openVideo('/dashboard/videos');
    const card = screen.getByRole('link', { name: /^Blade Runner/ });
    expect(card).not.toHaveAttribute('aria-label');
    expect(card).toHaveTextContent('Ridley Scott');
  });
});
