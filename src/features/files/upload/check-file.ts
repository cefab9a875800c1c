// The page's check of a file before its upload starts (the server checks again when the
// upload is created): the type's size limit, the server's maximum and the free quota.
import { uploadLimit } from '../../../../server/contracts/files';

export type UploadProblem =
  | { kind: 'empty' }
  | { kind: 'tooLarge'; limit: number }
  | { kind: 'quota'; free: number }
  | { kind: 'type' };

export interface CheckOptions {
  maxUpload: number;
  /** the quota's limit less its `used`, which counts what unfinished uploads hold */
  free: number;
  /** when set, only these types are taken (the image pages) */
  accept?: string[];
  /** this device's unfinished uploads: one chosen again resumes, its size already held */
  unfinished?: readonly { name: string; size: number }[];
}

/** The quota this file takes anew: none when it resumes one of the unfinished uploads. */
export function newBytes(
  file: { name?: string; size: number },
  unfinished: CheckOptions['unfinished'] = [],
): number {
  return unfinished.some((u) => u.name === file.name && u.size === file.size) ? 0 : file.size;
}

export function checkFile(
  file: { name?: string; size: number; type: string },
  options: CheckOptions,
): UploadProblem | null {
  if (options.accept && !options.accept.includes(file.type)) return { kind: 'type' };
  if (file.size === 0) return { kind: 'empty' };
  const limit = uploadLimit(file.type || 'application/octet-stream', options.maxUpload);
  if (file.size > limit) return { kind: 'tooLarge', limit };
  if (newBytes(file, options.unfinished) > options.free)
    return { kind: 'quota', free: Math.max(0, options.free) };
  return null;
}

export function formatBytes(bytes: number, locale?: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
