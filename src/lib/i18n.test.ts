import { describe, expect, it } from 'vitest';

import { formatDate, formatNumber, initI18n, warmFormatters } from './i18n';

describe('warmFormatters', () => {
  it('makes the number and date formatters in a task each', async () => {
    await initI18n('en');
    const tasks: (() => void)[] = [];
    warmFormatters((task) => tasks.push(task));
    expect(tasks).toHaveLength(2);
    tasks.forEach((task) => task());
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatDate('2026-03-05T12:00:00Z')).toBe('Mar 5, 2026');
  });
});
