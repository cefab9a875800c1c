// The support page's questions, by category, and the search over them: every word of the query
// must appear in the question or the answer, accents and case ignored ("élément" = "element").
export const FAQ_CATEGORIES = [
  { key: 'start', items: ['install', 'phone', 'languages'] },
  { key: 'offline', items: ['offlineWhat', 'offlineSync'] },
  { key: 'search', items: ['semantic', 'import'] },
  { key: 'account', items: ['password', 'sessions', 'data'] },
  { key: 'plans', items: ['planChange', 'charged'] },
] as const;

export interface FaqEntry {
  id: string;
  category: string;
  question: string;
  answer: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase();

export function queryWords(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

export function searchFaq(entries: FaqEntry[], query: string): FaqEntry[] {
  const words = queryWords(query);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = fold(`${entry.question} ${entry.answer}`);
    return words.every((word) => text.includes(word));
  });
}
