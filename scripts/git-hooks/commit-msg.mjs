// Checks a commit message: its subject (the first line that is neither blank nor a comment) is
// at most 72 characters, so `git log --oneline` and review tools show it whole; the why goes in
// the body. Run by the commit-msg hook with the message file's path; exits 1 with the reason.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export const SUBJECT_MAX = 72;

/** The subject git will record: comments and everything below the scissors line are dropped. */
export function subjectOf(message) {
  const lines = message.split('\n');
  const scissors = lines.findIndex((line) => /^# -+ >8 -+/.test(line));
  const kept = scissors === -1 ? lines : lines.slice(0, scissors);
  return kept.find((line) => line.trim() !== '' && !line.startsWith('#'))?.trimEnd() ?? '';
}

/** Why the message is refused, or null when it is fine. */
export function commitMessageProblem(message) {
  const subject = subjectOf(message);
  const length = [...subject].length;
  if (length > SUBJECT_MAX) {
    return `The commit subject is ${length} characters; keep it to ${SUBJECT_MAX} and put the why in the body:\n  ${subject}`;
  }
  return null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problem = commitMessageProblem(fs.readFileSync(process.argv[2], 'utf8'));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
