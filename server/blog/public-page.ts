// The page a signed-out reader gets at /blog/post/{slug}: the whole post as server-rendered
// HTML (cover, tags, title, byline, body, author card, comments with their replies) with its
// own small stylesheet, in the visitor's language (the one chosen in the app, else
// Accept-Language; Arabic right-to-left) and
// colour scheme (the app's settings cookie, else prefers-color-scheme). No app boots: the one
// script, /blog-post.js (public/), sends a signed-in visitor on to the dashboard's post page,
// asks again in the language chosen in the app when it is another, and otherwise counts the view. A draft or an unknown slug gets the same frame saying
// "post not found", status 404.
// Every value from the database is HTML-escaped (server/contracts/html.ts); the body is HTML the
// server sanitised when it was stored, and is sanitised again here with the same allow-list.
import { COVER_SIZES, coverSrcSet, type BlogAuthor, type BlogComment, type BlogPost } from '../contracts/blog.ts';
import { escapeHtml as esc } from '../contracts/html.ts';
import { LANGUAGE_META, type Language } from '../contracts/languages.ts';
import { settingsFromCookie } from '../contracts/settings-cookie.ts';
import { appString } from '../lib/app-strings.ts';
import { sanitizeMailHtml } from '../mail/sanitize.ts';

/** The colour scheme the visitor chose in the app (its settings cookie), or null to follow the
 *  system's. */
export function chosenScheme(cookie: string | undefined): 'light' | 'dark' | null {
  return settingsFromCookie(cookie)?.mode ?? null;
}

/** `t('blog.comments.title', 3)`: the app's words (its blog and common texts, lib/app-strings.ts),
 *  the plural form for the count with {{n}} filled in, escaped. */
function translator(lng: Language) {
  const plural = new Intl.PluralRules(LANGUAGE_META[lng].intl);
  const number = new Intl.NumberFormat(LANGUAGE_META[lng].intl);
  const lookup = (key: string): string | undefined => {
    const [part, ...rest] = key.split('.');
    return appString(lng, part === 'common' ? 'common' : 'blog', rest.join('.'));
  };
  return (key: string, count?: number) => {
    const template =
      count === undefined
        ? lookup(key)
        : (lookup(`${key}_${count === 0 ? 'zero' : plural.select(count)}`) ??
          lookup(`${key}_${plural.select(count)}`) ??
          lookup(`${key}_other`));
    return esc((template ?? key).replace(/\{\{n\}\}/g, count === undefined ? '' : number.format(count)));
  };
}

export interface PublicPageInput {
  language: Language;
  scheme: 'light' | 'dark' | null;
  /** the tags of the head (title, description, sharing tags), already escaped */
  head: string;
  /** where the post opens in the app: what "sign in" returns to */
  dashboardPath: string;
}

const LOGO =
  '<svg viewBox="0 0 64 64" aria-hidden="true" width="28" height="28"><rect width="64" height="64" rx="14" fill="#D32F2F"/><rect x="12" y="20" width="34" height="28" rx="5" fill="#fff" opacity=".45"/><rect x="18" y="14" width="34" height="28" rx="5" fill="#fff"/><path d="M31 22.5v11l9-5.5z" fill="#D32F2F"/></svg>';

const loginHref = (returnTo: string) => `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;

function initials(name: string) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [...word][0])
    .slice(0, 2)
    .join('');
  return letters.toUpperCase() || '?';
}

/** A person's picture when it is one of ours (the CSP allows no other), else their initials. */
function avatar(person: Pick<BlogAuthor, 'name' | 'avatarUrl'>, size: number) {
  const url = person.avatarUrl;
  if (url && url.startsWith('/') && !url.startsWith('//'))
    return `<img class="avatar" src="${esc(url)}" alt="" width="${size}" height="${size}" loading="lazy" />`;
  return `<span class="avatar" aria-hidden="true" style="--size:${size}px">${esc(initials(person.name))}</span>`;
}

function frame(input: PublicPageInput, t: ReturnType<typeof translator>, main: string) {
  const meta = LANGUAGE_META[input.language];
  const site = (key: string) => t(`common.site.${key}`);
  const scheme = input.scheme ? ` data-scheme="${input.scheme}"` : '';
  return `<!doctype html>
<html lang="${meta.htmlLang}" dir="${meta.dir}"${scheme}>
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="color-scheme" content="${input.scheme ?? 'light dark'}" />
    <meta name="theme-color" content="#D32F2F" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="icon" href="/favicon.ico" sizes="32x32" />
    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
    ${input.head}
    <style>${STYLES}</style>
    <script src="/blog-post.js" defer></script>
  </head>
  <body>
    <header class="top">
      <div class="bar">
        <a class="brand" href="/">${LOGO}<span>${t('common.appName')}</span></a>
        <nav aria-label="${site('navLabel')}">
          <a href="/pricing">${site('pricing')}</a>
          <a href="/about-us">${site('about')}</a>
          <a href="/support">${site('support')}</a>
        </nav>
        <a class="button" href="${esc(loginHref(input.dashboardPath))}" data-signin>${t('blog.notFound.signIn')}</a>
      </div>
    </header>
    <main id="main" class="page" data-lang="${input.language}" data-dashboard-path="${esc(input.dashboardPath)}">
${main}
    </main>
    <footer class="foot">
      <p>${site('tagline')}</p>
      <nav aria-label="${site('footerLegal')}">
        <a href="/legal/terms">${site('terms')}</a>
        <a href="/legal/privacy">${site('privacy')}</a>
        <a href="/contact-us">${site('contact')}</a>
      </nav>
    </footer>
  </body>
</html>
`;
}

function dateText(iso: string, lng: Language, style: 'long' | 'medium') {
  return esc(new Intl.DateTimeFormat(LANGUAGE_META[lng].intl, { dateStyle: style, timeZone: 'UTC' }).format(new Date(iso)));
}

function commentHtml(comment: BlogComment, lng: Language) {
  return `<article class="comment" data-testid="comment">
          ${avatar(comment.author, 36)}
          <div class="comment-text">
            <p class="comment-head"><strong>${esc(comment.author.name)}</strong> <time datetime="${esc(comment.createdAt)}">${dateText(comment.createdAt, lng, 'medium')}</time></p>
            <p class="comment-body" dir="auto">${esc(comment.body)}</p>
          </div>
        </article>`;
}

function commentsHtml(post: BlogPost, comments: BlogComment[], input: PublicPageInput, t: ReturnType<typeof translator>) {
  const threads = new Map<string, { comment: BlogComment; replies: BlogComment[] }>();
  for (const c of comments) if (!c.parentId) threads.set(c.id, { comment: c, replies: [] });
  for (const c of comments) if (c.parentId) threads.get(c.parentId)?.replies.push(c);
  const list = [...threads.values()]
    .map(
      ({ comment, replies }) => `<li>
        ${commentHtml(comment, input.language)}${
          replies.length
            ? `\n        <ol class="replies">${replies.map((r) => `<li>${commentHtml(r, input.language)}</li>`).join('')}</ol>`
            : ''
        }
      </li>`,
    )
    .join('\n      ');
  return `<section class="comments" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">${t('blog.comments.title', comments.length)}</h2>
      <div class="signin-box">
        <p>${t('blog.comments.signInHint')}</p>
        <a class="button" href="${esc(loginHref(`${input.dashboardPath}#comments`))}" data-signin>${t('blog.comments.signIn')}</a>
      </div>
      ${threads.size ? `<ol class="threads">\n      ${list}\n      </ol>` : `<p class="muted">${t('blog.comments.empty')}</p>`}
    </section>`;
}

/** The published post, its comments and author, as a whole page. */
export function publicPostPage(
  post: BlogPost,
  comments: BlogComment[],
  cover: { width: number; height: number } | null,
  input: PublicPageInput,
): string {
  const t = translator(input.language);
  const lng = input.language;
  const coverImg =
    post.coverUrl && cover
      ? `<img class="cover" src="${esc(post.coverUrl)}"${
          post.coverCardUrl ? ` srcset="${esc(coverSrcSet(post.coverCardUrl, post.coverUrl))}" sizes="${COVER_SIZES}"` : ''
        } alt="" width="${cover.width}" height="${cover.height}" fetchpriority="high" />`
      : '';
  const tags = post.tags.length
    ? `<ul class="tags">${post.tags.map((tag) => `<li dir="auto">#${esc(tag)}</li>`).join('')}</ul>`
    : '';
  const author = post.author;
  const main = `    <div class="layout">
    <article class="post" data-post-id="${esc(post.id)}">
      ${coverImg}
      ${tags}
      <h1 dir="auto">${esc(post.title)}</h1>
      ${post.description ? `<p class="lead" dir="auto">${esc(post.description)}</p>` : ''}
      <p class="meta"><strong>${esc(author.name)}</strong>${
        post.publishedAt ? ` <time datetime="${esc(post.publishedAt)}">${dateText(post.publishedAt, lng, 'long')}</time>` : ''
      } <span>${t('blog.views', post.viewCount)}</span></p>
      <div class="body" dir="auto" data-testid="post-body">${sanitizeMailHtml(post.body)}</div>
    </article>
    <aside class="author" aria-label="${t('blog.author.label')}">
      ${avatar(author, 56)}
      <div>
        <p class="label">${t('blog.author.label')}</p>
        <p class="name">${esc(author.name)}</p>
        <p class="muted"${author.about ? ' dir="auto"' : ''}>${author.about ? esc(author.about) : t('blog.author.noAbout')}</p>
      </div>
    </aside>
    ${commentsHtml(post, comments, input, t)}
    </div>`;
  return frame(input, t, main);
}

/** A draft, a removed post or an unknown slug. */
export function notFoundPage(input: PublicPageInput): string {
  const t = translator(input.language);
  const head = `<title>${t('blog.notFound.title')} · ${t('common.appName')}</title>
    <meta name="robots" content="noindex" />`;
  const main = `    <div class="not-found">
      <h1>${t('blog.notFound.title')}</h1>
      <p class="muted">${t('blog.notFound.description')}</p>
      <a class="button" href="${esc(loginHref(input.dashboardPath))}" data-signin>${t('blog.notFound.signIn')}</a>
    </div>`;
  return frame({ ...input, head }, t, main);
}

// The page's stylesheet: the app's look (its green primary, Mantine's greys and dark colours)
// in a few rules; light and dark by the system's scheme unless the settings cookie chose one.
const STYLES = `
:root{--bg:#fff;--text:#1f1f1f;--muted:#5c5f66;--line:#dee2e6;--soft:#f1f3f5;--accent:#007B55;--accent-text:#fff;--chip:#e6f4ee;--chip-text:#005a3e;--avatar:#c8fad6;--avatar-text:#004b35;color-scheme:light}
@media (prefers-color-scheme:dark){:root:not([data-scheme=light]){--bg:#242424;--text:#c9c9c9;--muted:#a0a3a8;--line:#424242;--soft:#2e2e2e;--accent:#5be49b;--accent-text:#0b2a1c;--chip:#1f3b2f;--chip-text:#a6f0c6;--avatar:#1f3b2f;--avatar-text:#c8fad6;color-scheme:dark}}
:root[data-scheme=dark]{--bg:#242424;--text:#c9c9c9;--muted:#a0a3a8;--line:#424242;--soft:#2e2e2e;--accent:#5be49b;--accent-text:#0b2a1c;--chip:#1f3b2f;--chip-text:#a6f0c6;--avatar:#1f3b2f;--avatar-text:#c8fad6;color-scheme:dark}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--bg);color:var(--text);font:16px/1.55 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic',Tahoma,sans-serif;-webkit-text-size-adjust:100%}
a{color:var(--accent)}
a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.top{border-bottom:1px solid var(--line)}
.bar,.page,.foot{max-width:1200px;margin:0 auto;padding-inline:16px}
.bar{display:flex;align-items:center;gap:16px;min-height:60px}
.brand{display:flex;align-items:center;gap:8px;color:var(--text);font-weight:800;font-size:1.15rem;text-decoration:none;margin-inline-end:auto}
.top nav{display:flex;gap:16px}
.top nav a{color:var(--text);text-decoration:none;font-weight:500;font-size:.95rem}
.top nav a:hover{text-decoration:underline}
.button{display:inline-flex;align-items:center;min-height:36px;padding:6px 16px;border-radius:8px;background:var(--accent);color:var(--accent-text);font-weight:600;font-size:.9rem;text-decoration:none;white-space:nowrap}
.button:hover{filter:brightness(1.08)}
.page{padding-block:24px 48px;flex:1 0 auto;width:100%}
.layout{display:grid;gap:32px;grid-template-columns:minmax(0,1fr)}
.cover{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:16px;background:var(--soft);margin-bottom:16px}
.tags{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0 0 12px;padding:0}
.tags li{background:var(--chip);color:var(--chip-text);border-radius:6px;padding:2px 8px;font-size:.8rem;font-weight:600}
h1{font-size:clamp(1.75rem,1.2rem + 2.2vw,2.5rem);line-height:1.2;margin:0 0 12px;overflow-wrap:anywhere}
.lead{font-size:1.15rem;color:var(--muted);margin:0 0 12px}
.meta{display:flex;flex-wrap:wrap;gap:4px 20px;color:var(--muted);font-size:.9rem;margin:0 0 24px}
.meta strong{color:var(--text)}
.body{font-size:1.05rem;line-height:1.7;overflow-wrap:anywhere}
.body h1,.body h2,.body h3,.body h4{line-height:1.3;margin:1.6em 0 .6em}
.body h1{font-size:1.6rem}.body h2{font-size:1.4rem}.body h3{font-size:1.2rem}.body h4{font-size:1.05rem}
.body p,.body ul,.body ol,.body pre{margin:0 0 1em}
.body blockquote{margin:1.2em 0;padding-inline-start:16px;border-inline-start:4px solid var(--accent);color:var(--muted)}
.body pre,.body code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;background:var(--soft);border-radius:4px}
.body code{padding:.1em .3em}.body pre{padding:12px;overflow-x:auto}.body pre code{padding:0;background:none}
.body hr{border:0;border-top:1px solid var(--line);margin:2em 0}
.author{display:flex;gap:16px;align-items:flex-start;border:1px solid var(--line);border-radius:16px;padding:16px;align-self:start}
.author p{margin:0}
.author .label{font-size:.75rem;font-weight:700;text-transform:uppercase;color:var(--muted)}
.author .name{font-weight:700;margin:2px 0 4px}
.author .muted{font-size:.9rem}
.avatar{flex:none;display:inline-flex;align-items:center;justify-content:center;width:var(--size,56px);height:var(--size,56px);border-radius:50%;background:var(--avatar);color:var(--avatar-text);font-weight:700;font-size:calc(var(--size,56px)*.36);object-fit:cover}
.muted{color:var(--muted)}
.comments h2{font-size:1.4rem;margin:0 0 16px}
.signin-box{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px;border:1px solid var(--line);border-radius:12px;padding:16px;margin-bottom:24px}
.signin-box p{margin:0;font-size:.95rem}
.threads,.replies{list-style:none;margin:0;padding:0}
.threads>li{margin-bottom:24px}
.replies{margin-top:12px;padding-inline-start:24px;border-inline-start:2px solid var(--line)}
.replies>li{margin-top:12px}
.comment{display:flex;gap:12px;align-items:flex-start}
.comment-text{min-width:0;flex:1}
.comment p{margin:0}
.comment-head{display:flex;flex-wrap:wrap;gap:4px 8px;align-items:baseline;font-size:.9rem}
.comment-head time{font-size:.8rem;color:var(--muted)}
.comment-body{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.95rem;margin-top:2px!important}
.not-found{text-align:center;padding:64px 0;max-width:560px;margin:0 auto}
.not-found .muted{margin:0 0 24px}
.foot{width:100%;border-top:1px solid var(--line);padding-block:24px;color:var(--muted);font-size:.9rem;display:flex;flex-wrap:wrap;gap:8px 24px;justify-content:space-between}
.foot p{margin:0}
.foot nav{display:flex;flex-wrap:wrap;gap:16px}
@media (max-width:40em){.top nav{display:none}}
@media (min-width:62em){.page{padding-block:40px 64px}.layout{grid-template-columns:minmax(0,1fr) 320px;column-gap:48px}.post{grid-column:1;grid-row:1}.author{grid-column:2;grid-row:1 / span 2;position:sticky;top:24px}.comments{grid-column:1}}
`
  .trim()
  .replace(/\n/g, '');
