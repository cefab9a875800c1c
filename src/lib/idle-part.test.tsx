import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { idlePart, usePreloadAfterPaint } from './idle-part';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('idlePart', () => {
  it('loads nothing until wanted, shows nothing until loaded, then stays rendered', async () => {
    const gate = deferred();
    const load = vi.fn(() => gate.promise.then(() => Greeting));
    const part = idlePart(load);
    const { rerender } = render(<part.Part wanted={false} name="Ada" />);
    expect(load).not.toHaveBeenCalled();

    rerender(<part.Part wanted name="Ada" />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Hello Ada')).toBeNull();
    await act(() => {
      gate.resolve();
      return gate.promise;
    });
    expect(screen.getByText('Hello Ada')).toBeTruthy();

    // no longer wanted (a drawer closing): still rendered, with the new props
    rerender(<part.Part wanted={false} name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const part = idlePart(load);
    const { rerender } = render(<part.Part wanted name="Ada" />);
    await act(() => Promise.resolve());
    expect(screen.queryByText('Hello Ada')).toBeNull();
    rerender(<part.Part wanted={false} name="Ada" />);
    rerender(<part.Part wanted name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads only once the page says its first screen is shown, after that frame', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const part = idlePart(load);
    function Page({ shown }: { shown: boolean }) {
      usePreloadAfterPaint(shown, part);
      return null;
    }
    const { rerender } = render(<Page shown={false} />);
    await new Promise((r) => setTimeout(r, 300));
    expect(load).not.toHaveBeenCalled();
    rerender(<Page shown />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // and the part then renders at once, without a render of nothing first
    render(<part.Part wanted={false} name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
  });
});
