import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { PagePagination } from './page-pagination';

function Pages({ total, inline = false }: { total: number; inline?: boolean }) {
  const [page, setPage] = useState(1);
  return (
    <>
      <p>Showing page {page}</p>
      <PagePagination total={total} value={page} onChange={setPage} label="Pages of names" inline={inline} />
    </>
  );
}

describe('PagePagination', () => {
  it('names every control and goes to the page chosen, back at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = await renderWithProviders(<Pages total={3} />);
    expect(screen.getByRole('navigation', { name: 'Pages of names' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing page 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('Showing page 2')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
  });

  it('inline, it leaves the scroll where it is', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = await renderWithProviders(<Pages total={3} inline />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing page 2')).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });

  it('is not there with a single page', async () => {
    await renderWithProviders(<Pages total={1} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });
});
