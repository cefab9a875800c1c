import { paths } from '@/config/paths';

/** A clip's deep link: its film's page, playing from the clip's start (`?t=` seconds). */
export function clipHref(clip: { videoId: string; id: string; startSeconds: number }): string {
  const query = new URLSearchParams({ clip: clip.id, t: String(Math.floor(clip.startSeconds)) });
  return `${paths.dashboard.videos.video.href(clip.videoId)}?${query.toString()}`;
}
