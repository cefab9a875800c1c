// User-written HTML (mail bodies) is cleaned here before it is stored, so nothing that could
// run script ever reaches another user's page: an allow-list of formatting tags, links limited
// to http(s)/mailto and opened in a new tab without an opener, no event handlers, no styles,
// no images from elsewhere. The client runs DOMPurify again on render (defence in depth).
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'span',
    'div',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text of sanitised HTML, for search and list previews. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\/(p|div|li|h[1-4]|blockquote|pre)>|<br\s*\/?>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Chat bodies are plain text: anything shaped like an HTML tag is removed. */
export function stripTags(text: string): string {
  return text.replace(/<\/?[a-zA-Z!][^>]*>/g, '');
}
