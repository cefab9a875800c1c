import {
  isHexColor,
  normaliseHexColor,
  type NamedEventColor,
} from '../../../../server/contracts/calendar';

/** Event colours: Mantine's shade 7, dark enough for white text in light and dark mode. */
export const EVENT_HEX: Record<NamedEventColor, string> = {
  blue: '#1971c2',
  green: '#2f9e44',
  red: '#e03131',
  orange: '#e8590c',
  violet: '#7048e8',
  teal: '#0c8599',
  gray: '#495057',
};

/** The colour to draw: a palette name's shade, a hex colour as given, blue for anything else. */
export function eventColorHex(color: string): string {
  if (Object.hasOwn(EVENT_HEX, color)) return EVENT_HEX[color as NamedEventColor];
  return isHexColor(color) ? normaliseHexColor(color) : EVENT_HEX.blue;
}
