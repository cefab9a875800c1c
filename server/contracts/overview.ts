// What the post-login home shows: the signed-in user's counts across the apps, counted on the
// server (the device may not have mirrored an app yet).
export interface OverviewCounts {
  mails: number;
  unreadMails: number;
  upcomingEvents: number;
  cards: number;
  openCards: number;
  conversations: number;
  unreadMessages: number;
}
