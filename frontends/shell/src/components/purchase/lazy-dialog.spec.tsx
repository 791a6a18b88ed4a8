/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, type ReactElement, useState } from 'react';

// jest reads no CSS (the build does).
jest.mock('./lazy-dialog.css', () => ({}));
const noticeError = jest.fn();
jest.mock('@medtutor/web-kit', () => ({
  useNotices: () => ({ success: jest.fn(), error: noticeError }),
}));
const { lazyDialog } = jest.requireActual<typeof import('./lazy-dialog')>('./lazy-dialog');

interface TestDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
}

/** Stands in for an antd dialog module: a dialog while open, nothing while closed. */
function LoadedDialog({ open, title }: TestDialogProps) {
  return open ? <div role="dialog" aria-label={title} /> : null;
}

/** A download the test finishes (or fails) when it chooses. */
function controlledDownload() {
  const downloads: { resolve: (dialog: ComponentType<TestDialogProps>) => void; reject: (error: Error) => void }[] = [];
  const load = jest.fn(
    () =>
      new Promise<ComponentType<TestDialogProps>>((resolve, reject) => {
        downloads.push({ resolve, reject });
      }),
  );
  const finish = (index = 0) => act(async () => downloads[index]?.resolve(LoadedDialog));
  const fail = (index = 0) => act(async () => downloads[index]?.reject(new Error('ChunkLoadError')));
  return { load, finish, fail };
}

/** Renders in an awaited act(), so a suspended first render settles (React asks for it). */
async function renderDialog(element: ReactElement) {
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(element);
  });
  if (!rendered) throw new Error('Nothing rendered.');
  return rendered;
}

afterEach(() => {
  cleanup();
  noticeError.mockReset();
});

describe('lazyDialog: the dialog code downloads on first open', () => {
  it('downloads nothing and renders nothing while it has never been opened', async () => {
    const { load } = controlledDownload();
    const { Dialog } = lazyDialog(load);
    const { container } = await renderDialog(<Dialog open={false} onClose={() => undefined} title="Book a Session" />);
    expect(container.innerHTML).toBe('');
    expect(load).not.toHaveBeenCalled();
  });

  it('on open, masks the page with a busy status until the dialog arrives, then shows it', async () => {
    const { load, finish } = controlledDownload();
    const { Dialog } = lazyDialog(load);
    const onClose = jest.fn();
    const { rerender } = await renderDialog(<Dialog open={false} onClose={onClose} title="Book a Session" />);
    await act(async () => rerender(<Dialog open onClose={onClose} title="Book a Session" />));

    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('dialog')).toBeNull();
    // A second click on the opening button while it loads asks for nothing more.
    await act(async () => rerender(<Dialog open onClose={onClose} title="Book a Session" />));
    expect(load).toHaveBeenCalledTimes(1);

    await finish();
    expect(screen.getByRole('dialog', { name: 'Book a Session' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps Tab from reaching the page under the mask, and Escape gives up waiting', async () => {
    const { load } = controlledDownload();
    const { Dialog } = lazyDialog(load);
    const onClose = jest.fn();
    await renderDialog(<Dialog open onClose={onClose} title="Book a Session" />);

    expect(fireEvent.keyDown(document.body, { key: 'Tab' })).toBe(false);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a prefetch downloads once, and the open that follows uses that download', async () => {
    const { load, finish } = controlledDownload();
    const { Dialog, prefetch } = lazyDialog(load);
    prefetch();
    prefetch();
    expect(load).toHaveBeenCalledTimes(1);
    await finish();

    await renderDialog(<Dialog open onClose={() => undefined} title="5-Session Package" />);
    expect(await screen.findByRole('dialog', { name: '5-Session Package' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed download closes the dialog with a notice, and the next open downloads again', async () => {
    const { load, fail, finish } = controlledDownload();
    const { Dialog } = lazyDialog(load);
    // As a page uses it: a button opens it, closing sets it closed.
    function Page() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Book Session
          </button>
          <Dialog open={open} onClose={() => setOpen(false)} title="Book a Session" />
        </>
      );
    }
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderDialog(<Page />);

    await fail();
    expect(noticeError).toHaveBeenCalledWith('Error', expect.any(Error));
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book Session' })));
    expect(load).toHaveBeenCalledTimes(2);
    await finish(1);
    expect(screen.getByRole('dialog', { name: 'Book a Session' })).toBeTruthy();
  });
});
