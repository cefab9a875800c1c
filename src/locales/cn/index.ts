// Every `<part>.json` of this language, nested under its file name, bundled as one chunk.
const files = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });

const bundle: Record<string, Record<string, unknown>> = {};
for (const [file, content] of Object.entries(files)) bundle[file.slice(2, -'.json'.length)] = content;

export default bundle;
