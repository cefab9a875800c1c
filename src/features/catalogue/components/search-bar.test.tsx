import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { trpc } from '@/lib/trpc';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';

import type { IndexStatus } from '../../../../server/contracts/catalogue';
import { SearchModeSwitch } from './search-bar';

const status: IndexStatus = {
  indexed: 3200 + 6093,
  total: 3200 + 14506,
  enabled: true,
  running: true,
  videos: { indexed: 3200, total: 3200 },
  clips: { indexed: 6093, total: 14506 },
};

async function renderSwitch(kind: 'videos' | 'clips', route: string, language?: 'ar') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(trpc.catalogue.indexStatus.queryKey(), status);
  queryClient.setQueryDefaults(trpc.catalogue.indexStatus.queryKey(), { staleTime: Infinity });
  return renderWithProviders(<SearchModeSwitch kind={kind} />, { route, queryClient, language });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('search by meaning while the index is being built', () => {
  it('says how much of the clips it searches', async () => {
    await renderSwitch('clips', '/?embeddingSearch=true');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Searching by meaning over 42% of the clips — indexing…',
    );
  });

  it('says nothing on the videos, all of which are indexed', async () => {
    await renderSwitch('videos', '/?embeddingSearch=true');
    expect(await screen.findByRole('radio', { name: /Meaning/ })).toBeChecked();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing in keyword mode', async () => {
    await renderSwitch('clips', '/');
    expect(await screen.findByRole('radio', { name: 'Keywords' })).toBeChecked();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks Arabic with Arabic figures', async () => {
    await renderSwitch('clips', '/?embeddingSearch=true', 'ar');
    // ICU ends an Arabic percentage with an Arabic letter mark, which keeps it in its place
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^البحث بالمعنى يشمل ٤٢٪\u061C? من المقاطع — جارٍ الفهرسة…$/,
    );
  });
});
