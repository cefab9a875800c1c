// What the post-login home shows: the signed-in user's counts across the apps, counted on the
// server (the device may not have mirrored an app yet), and the catalogue's latest premieres
// the user may watch, in the same round trip.
import type { VideoListItem } from './catalogue.ts';

export interface OverviewCounts {
  mails: number;
  unreadMails: number;
  upcomingEvents: number;
  cards: number;
  openCards: number;
  conversations: number;
  unreadMessages: number;
}

export const OVERVIEW_RECENT_VIDEOS = 5;

export interface Overview extends OverviewCounts {
  /** The newest premieres first, at most OVERVIEW_RECENT_VIDEOS. */
  recentVideos: VideoListItem[];
}
