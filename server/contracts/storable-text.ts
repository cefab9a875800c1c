// PostgreSQL's text and jsonb cannot hold U+0000: a write with it fails as a server error.
// Text inputs refuse it up front (`.refine(storableText, NUL_MESSAGE)`), so the answer is a
// 400 naming the field, in the page's form and on the server alike. Free of zod on purpose.
export const storableText = (value: string) => !value.includes('\u0000');

export const NUL_MESSAGE = 'Remove the invisible control character (U+0000).';
