// Escaping user text where it meets another language: HTML (mail bodies, page heads) and SQL
// LIKE patterns (searches, where % and _ must match themselves; drizzle's like/ilike use the
// default escape character, the backslash).
const HTML: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML[ch]!);

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
