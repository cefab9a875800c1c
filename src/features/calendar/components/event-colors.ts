import type { EventColor } from '../../../../server/contracts/calendar';

/** Event colours: Mantine's shade 7, dark enough for white text in light and dark mode. */
export const EVENT_HEX: Record<EventColor, string> = {
  blue: '#1971c2',
  green: '#2f9e44',
  red: '#e03131',
  orange: '#e8590c',
  violet: '#7048e8',
  teal: '#0c8599',
  gray: '#495057',
};
