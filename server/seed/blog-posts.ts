// The demo blog's posts: what the team behind a video catalogue would write about. `author`
// is a demo user's key (demo-users.ts); `cover` picks the generated cover's motif and colours
// (blog-covers.ts); drafts have no `daysAgo`.
export interface DemoPost {
  author: string;
  title: string;
  description: string;
  tags: string[];
  body: string;
  cover: { motif: 'frames' | 'play' | 'timeline' | 'grid' | 'wave' | 'orbit'; hue: number };
  daysAgo?: number;
  views?: number;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    author: 'admin',
    title: 'Welcome to the Clipdeck blog',
    description: 'Why we write here, what you can expect, and how to join the conversation.',
    tags: ['news', 'clipdeck'],
    cover: { motif: 'play', hue: 4 },
    daysAgo: 40,
    views: 412,
    body: '<p>Clipdeck started as a spreadsheet of timestamps. Today it is a catalogue of videos and clips that a whole team can search, annotate and share — and this blog is where we explain how we use it.</p><h2>What you will find here</h2><ul><li>Notes from channel work: what we cut, why, and what the numbers said afterwards.</li><li>How-tos for the catalogue: filters, semantic search, collections.</li><li>Release notes when something changes under your fingers.</li></ul><p>Every post is open for comments. Sign in, say what worked for you, and reply to others: the best ideas in this product came from a comment thread.</p>',
  },
  {
    author: 'sam',
    title: 'Cutting a 40-minute interview into six clips',
    description: 'A repeatable way to find the moments worth sharing in long-form video.',
    tags: ['editing', 'clips', 'workflow'],
    cover: { motif: 'frames', hue: 210 },
    daysAgo: 33,
    views: 268,
    body: '<p>Long interviews are where the good material hides. Here is the routine I use to get from a raw recording to six clips in under an hour.</p><h2>1. Mark while you listen</h2><p>Play the video at 1.5× and add a clip every time you react — a laugh, a surprise, a sentence you would quote. Do not trim yet; start and end can be rough.</p><h2>2. Name clips by their promise</h2><p>A clip called <em>"Why we left the studio"</em> is easier to judge later than <em>"12:40–13:55"</em>. The title is the hook you will use when you post it.</p><h2>3. Trim in one pass</h2><p>Aim for 30 to 60 seconds. Cut the run-up: the first sentence is often the speaker warming up.</p><blockquote><p>If a clip needs context to make sense, it is not a clip yet.</p></blockquote><p>Finally, put the six in a collection so the whole team reviews the same set.</p>',
  },
  {
    author: 'lin',
    title: 'Semantic search, explained without the maths',
    description: 'How Clipdeck finds clips by meaning, not just by the words in their titles.',
    tags: ['search', 'catalogue'],
    cover: { motif: 'orbit', hue: 265 },
    daysAgo: 28,
    views: 531,
    body: '<p>Type <em>"a chase across rooftops"</em> and Clipdeck returns clips whose text never uses the word <em>chase</em>. That is semantic search: every clip\'s text is turned into a list of numbers that describes what it is about, and your query gets the same treatment.</p><h2>Keyword and meaning, together</h2><p>Keyword search is still the best tool when you know the exact name of a film or a person. Meaning search shines when you remember the scene but not its words. With both switched on, Clipdeck merges the two rankings so a clip that scores well on either rises to the top.</p><h2>Tips</h2><ul><li>Describe the moment, not the file: <em>"an argument in a kitchen"</em> beats <em>"scene 4"</em>.</li><li>Add a filter for the premiere date or the duration to narrow the results.</li><li>Save good results to a collection — searches change, collections stay.</li></ul>',
  },
  {
    author: 'demo',
    title: 'How we organise a channel catalogue with tags',
    description: 'Video tags, clip tags and people: a small system that keeps a large catalogue findable.',
    tags: ['catalogue', 'tags', 'channels'],
    cover: { motif: 'grid', hue: 150 },
    daysAgo: 24,
    views: 189,
    body: '<p>Once a channel passes a few hundred videos, nobody remembers where anything is. Tags fix that — if they are used with a little discipline.</p><h2>Video tags describe the whole video</h2><p>Genre, series, format: <em>documentary</em>, <em>season 2</em>, <em>live</em>. Keep them few and reuse them.</p><h2>Clip tags describe a moment</h2><p><em>Reaction</em>, <em>tutorial step</em>, <em>quote</em>. These are the tags you filter by when you build a highlight reel.</p><h2>People are not tags</h2><p>Link people to the videos they appear in. Filtering by a person then finds every clip they speak in, across series.</p><p>We review our tag list once a month and merge near-duplicates. It takes ten minutes and saves hours.</p>',
  },
  {
    author: 'sam',
    title: 'What virality scores can and cannot tell you',
    description: 'A number that ranks clips is useful — as long as you know what it measures.',
    tags: ['analytics', 'clips'],
    cover: { motif: 'wave', hue: 30 },
    daysAgo: 19,
    views: 347,
    body: '<p>Clipdeck sorts most lists by virality by default. It is a good first guess at which clips people will share, and a poor substitute for watching them.</p><h2>What it measures</h2><p>The score combines how a video performed with how often its clips were saved and shared inside the team. A high score says <em>"people reacted to this"</em>.</p><h2>What it misses</h2><ul><li>New videos start low: sort by <em>newest</em> when you plan this week\'s posts.</li><li>A quiet, important clip — a correction, a safety note — will never top the list.</li></ul><p>Use the score to decide what to watch first, not what to publish.</p>',
  },
  {
    author: 'lin',
    title: 'Working offline on the train',
    description: 'Mail, calendar and the kanban board keep working without a network. Here is what happens behind the scenes.',
    tags: ['offline', 'pwa', 'clipdeck'],
    cover: { motif: 'timeline', hue: 190 },
    daysAgo: 15,
    views: 223,
    body: '<p>My commute has forty minutes without signal. Clipdeck is installed on my phone, so I plan the week on the board, answer mail and move calendar events while offline.</p><h2>What happens to my changes</h2><p>Each change is saved on the device and queued. When the train reaches the station, the queue is sent in order, and the server applies each change exactly once — even if the connection drops halfway.</p><p>The cloud icon in the header shows how many changes are waiting. If the server refuses one (say, a card was deleted by a colleague meanwhile), it is listed there with the reason.</p><blockquote><p>Offline is not an error state; it is just slower delivery.</p></blockquote>',
  },
  {
    author: 'admin',
    title: 'Channel claims: making your videos yours',
    description: 'How a YouTube channel becomes linked to your Clipdeck account, and why an admin approves it.',
    tags: ['channels', 'accounts'],
    cover: { motif: 'play', hue: 340 },
    daysAgo: 12,
    views: 156,
    body: '<p>When you sign up with a channel id, Clipdeck files a <strong>claim</strong>. The channel and its private videos become yours once an admin approves the claim and your email address is verified.</p><h2>Why not immediately?</h2><p>Anyone can type a channel id. Approving claims by hand keeps someone else from taking over your catalogue — and an owned channel is never handed to a second account.</p><h2>What changes after approval</h2><ul><li>Private videos of the channel show up for you, and only you.</li><li>Your public channel page lists the videos anyone may watch.</li></ul>',
  },
  {
    author: 'demo',
    title: 'Five collections every video team should keep',
    description: 'Small, named sets of clips that answer the questions your team asks every week.',
    tags: ['collections', 'workflow'],
    cover: { motif: 'grid', hue: 45 },
    daysAgo: 9,
    views: 298,
    body: '<p>Collections are the most underrated part of Clipdeck. These five have earned a permanent place in ours:</p><ol><li><strong>Best openers</strong> — the first ten seconds that made people stay.</li><li><strong>Customer words</strong> — clips where viewers explain the product better than we do.</li><li><strong>Do not reuse</strong> — clips with rights or accuracy issues, so nobody posts them by mistake.</li><li><strong>B-roll</strong> — neutral footage for transitions.</li><li><strong>This week</strong> — what goes out in the next seven days.</li></ol><p>Rename them, share them, and empty <em>This week</em> every Monday.</p>',
  },
  {
    author: 'sam',
    title: 'Premiere dates and why we sort by them',
    description: 'The channel pages list videos by premiere date. A short note on what that date means.',
    tags: ['catalogue', 'channels'],
    cover: { motif: 'timeline', hue: 100 },
    daysAgo: 6,
    views: 97,
    body: '<p>A video\'s premiere date is the day it first went public, not the day it was uploaded or imported. Channel pages sort by it because that is the order viewers saw the videos in.</p><p>Importing an old catalogue? Fill in the premiere dates in the JSON Lines file and the channel page tells the channel\'s story in the right order from day one.</p>',
  },
  {
    author: 'lin',
    title: 'Writing clip titles people click',
    description: 'Six rules we use for short, honest titles that work in search and in feeds.',
    tags: ['writing', 'clips'],
    cover: { motif: 'frames', hue: 300 },
    daysAgo: 3,
    views: 141,
    body: '<p>A clip title has two readers: a person scrolling and our own search. Both reward the same things.</p><ul><li>Lead with the subject: <em>"Rooftop chase in one take"</em>.</li><li>Promise what the clip delivers, nothing more.</li><li>Use the words people search for; save the pun for the caption.</li><li>Keep it under 60 characters so it is not cut off.</li><li>Name people when it matters — search finds them.</li><li>Read it aloud. If it sounds like a file name, rewrite it.</li></ul>',
  },
  {
    author: 'admin',
    title: 'Release notes: the blog, invoices and a faster start',
    description: 'What is new in Clipdeck this month.',
    tags: ['news', 'release'],
    cover: { motif: 'wave', hue: 220 },
    daysAgo: 1,
    views: 64,
    body: '<p>This month brings three things:</p><ul><li><strong>The blog</strong> you are reading: posts with covers, tags and comments, readable without an account.</li><li><strong>Invoices</strong> with totals you can trust to the cent and real PDFs.</li><li><strong>A faster first visit</strong>: the sign-in page now loads a fraction of the code it used to.</li></ul><p>Tell us in the comments what you would like next.</p>',
  },
  {
    author: 'demo',
    title: 'Our checklist before a clip goes out',
    description: 'Captions, rights, a second pair of eyes: the last five minutes that save a bad day.',
    tags: ['workflow', 'editing'],
    cover: { motif: 'orbit', hue: 20 },
    daysAgo: 0,
    views: 22,
    body: '<p>Every clip we publish passes the same short checklist:</p><ol><li>Captions are on and spelled right.</li><li>We hold the rights to every second of it.</li><li>The first frame is not a blink.</li><li>Someone who did not cut it has watched it.</li><li>It is in the <em>This week</em> collection with its publish date.</li></ol>',
  },
  {
    author: 'demo',
    title: 'Draft: ideas for the autumn series',
    description: 'Rough notes, not ready yet.',
    tags: ['planning'],
    cover: { motif: 'frames', hue: 120 },
    body: '<p>Three directions to discuss with Sam:</p><ul><li>Behind the scenes of the catalogue import.</li><li>A clip a day from the archive.</li><li>Viewer questions, answered in 60 seconds.</li></ul>',
  },
  {
    author: 'sam',
    title: 'Draft: measuring watch time per clip',
    description: '',
    tags: ['analytics'],
    cover: { motif: 'wave', hue: 170 },
    body: '<p>Notes for a future post on watch time. Need numbers from Lin first.</p>',
  },
];

/** Comments on the demo posts: [post index, author key, text, reply to (index in this list)]. */
export const DEMO_COMMENTS: [number, string, string, number?][] = [
  [0, 'sam', 'Great to have a place for the longer explanations. Looking forward to the search posts!'],
  [0, 'admin', 'Lin has one in the works — stay tuned.', 0],
  [0, 'lin', 'Already written, publishing it next week 🙂', 0],
  [1, 'demo', 'The "name clips by their promise" tip changed how our reviews go. Thank you.'],
  [1, 'sam', 'Glad it helps! It also makes search work much better later.', 3],
  [1, 'lin', 'Do you trim to 30 or to 60 seconds for shorts?'],
  [1, 'sam', 'Under 45 for shorts, up to 60 for the feed.', 5],
  [2, 'demo', 'I searched "someone running late" and found three clips I had forgotten about. Impressive.'],
  [2, 'admin', 'Does semantic search work in French titles too?'],
  [2, 'lin', 'The model is trained on English, so English text works best for now.', 8],
  [4, 'lin', 'Worth adding: virality is relative to the channel, so compare within one channel.'],
  [5, 'sam', 'Tried it on the ferry last week — the board synced the moment we docked.'],
  [7, 'sam', '"Do not reuse" saved us from a rights problem last month.'],
  [7, 'admin', 'Same here. We added a note to each clip explaining why.', 12],
  [10, 'demo', 'The blog is lovely. Could posts have a reading time one day?'],
  [10, 'admin', 'Noted — thank you!', 14],
];
