// The way back to the videos list as the user left it. The list keeps its filters in the URL
// query (?textArr=…&personIds=…); a video card hands that query to the video page in the
// location state, and the page's "‹ Videos" link goes back to it. A direct visit, or a reload
// of a page opened from elsewhere, has no state: the link goes to the plain list.
import { useLocation } from 'react-router';

import { paths } from '@/config/paths';

interface VideosReturnState {
  videosSearch: string;
}

function savedSearch(state: unknown): string | null {
  const search = (state as Partial<VideosReturnState> | null)?.videosSearch;
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? search : null;
}

/** The state a link to a video page carries: the list's query when on the list, or the one a
 *  video page was opened with (a similar video opened from it keeps the same way back). */
export function useVideosReturnState(): VideosReturnState | undefined {
  const location = useLocation();
  const { pathname, search } = location;
  const state: unknown = location.state;
  if (pathname === paths.dashboard.videos.root.path)
    return search ? { videosSearch: search } : undefined;
  const kept = savedSearch(state);
  return kept ? { videosSearch: kept } : undefined;
}

/** Where the video page's "‹ Videos" link goes. */
export function useBackToVideos(): string {
  const location = useLocation();
  const state: unknown = location.state;
  return paths.dashboard.videos.root.path + (savedSearch(state) ?? '');
}
