import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import type { FileItem, FileList } from '../../../../server/contracts/files';
import FilesManagerPage from './files-manager';

afterEach(() => vi.unstubAllGlobals());

const item = (over: Partial<FileItem>): FileItem => ({
  id: crypto.randomUUID(),
  kind: 'file',
  name: 'file.txt',
  parentId: null,
  contentType: 'text/plain',
  category: 'text',
  size: 2048,
  width: null,
  height: null,
  favourite: false,
  trashedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  owner: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
  role: 'owner',
  urls: { content: '/api/files/link/x/content', download: '/api/files/link/x/download', thumbnail: null },
  ...over,
});

function stubFiles(items: FileItem[]) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
      const url = new URL(request.url);
      const body = request.method === 'GET' ? null : await request.clone().json().catch(() => null);
      requests.push({ method: request.method, path: url.pathname, body });
      if (url.pathname === '/api/files/items') {
        const list: FileList = { items, total: items.length, path: [], folderRole: 'owner' };
        return Response.json(list);
      }
      if (url.pathname === '/api/files/limits') return Response.json({ used: 0, limit: 1e9, maxUpload: 5e8, categories: {} });
      if (url.pathname === '/api/files/folders') return Response.json({ item: item({ kind: 'folder', name: 'Plans' }) }, { status: 201 });
      if (url.pathname === '/api/files/items/trash') return Response.json({ trashed: [] });
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  return requests;
}

describe('file manager', () => {
  it('shows an empty folder with the next step', async () => {
    stubFiles([]);
    await renderWithProviders(<FilesManagerPage />, { route: '/dashboard/files-manager' });
    expect(await screen.findByText('No files here yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Upload files' }).length).toBeGreaterThan(0);
    // the page's one h1 (axe page-has-heading-one), the empty state a level under it
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'File manager',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'No files here yet' })).toBeInTheDocument();
  });

  it('titles itself with an h1 in every language', async () => {
    const titles = { fr: 'Gestionnaire de fichiers', vn: 'Quản lý tệp', cn: '文件管理器', ar: 'مدير الملفات' };
    try {
      for (const [language, title] of Object.entries(titles)) {
        stubFiles([]);
        const view = await renderWithProviders(<FilesManagerPage />, {
          route: '/dashboard/files-manager',
          language: language as keyof typeof titles,
        });
        expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
        view.unmount();
      }
    } finally {
      await changeLanguage('en');
    }
  });

  it('lists folders and files, and creates a folder', async () => {
    const requests = stubFiles([item({ kind: 'folder', name: 'Work', category: null, contentType: null, urls: null }), item({ name: 'notes.txt' })]);
    const { user } = await renderWithProviders(<FilesManagerPage />, { route: '/dashboard/files-manager' });
    const list = await screen.findByRole('list', { name: 'File manager' });
    expect(within(list).getByRole('listitem', { name: 'Work' })).toBeInTheDocument();
    expect(within(list).getByText('2 KB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New folder' }));
    await user.type(await screen.findByLabelText('Name'), 'Plans');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/files/folders')).toBe(true));
    expect(requests.find((r) => r.path === '/api/files/folders')!.body).toEqual({ name: 'Plans', parentId: null });
  });

  it('moves several selected items to the trash at once', async () => {
    const a = item({ name: 'a.txt' });
    const b = item({ name: 'b.txt' });
    const requests = stubFiles([a, b]);
    const { user } = await renderWithProviders(<FilesManagerPage />, { route: '/dashboard/files-manager' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select a.txt' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select b.txt' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected items' });
    expect(within(bar).getByText('Selected: 2 (clear)')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/files/items/trash')).toBe(true));
    expect(requests.find((r) => r.path === '/api/files/items/trash')!.body).toEqual({ ids: [a.id, b.id] });
  });

  it('refuses a name with a slash before sending it', async () => {
    const requests = stubFiles([]);
    const { user } = await renderWithProviders(<FilesManagerPage />, { route: '/dashboard/files-manager' });
    await user.click(await screen.findByRole('button', { name: 'New folder' }));
    await user.type(await screen.findByLabelText('Name'), '../x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/without \/ or/)).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/files/folders')).toBe(false);
  });
});
