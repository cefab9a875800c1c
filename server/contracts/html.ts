// Text put into HTML: the five characters that could end a text or an attribute value (either
// quote) become entities, so a value is shown as written and never read as markup. Used
// wherever HTML is written by hand: the server's pages and mail bodies, the prerendered public
// pages' heads, and the mail page's quoted replies.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
