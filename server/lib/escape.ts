// Escaping user text in SQL LIKE patterns (searches), where % and _ must match themselves;
// drizzle's like/ilike use the default escape character, the backslash. (HTML escaping is
// contracts/html.ts's: the PWA needs it too.)
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
