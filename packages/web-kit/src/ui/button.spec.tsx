/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import type { FormEvent, ReactElement } from 'react';

// react-dom/server encodes text, and jsdom's window has no TextEncoder: Node's, before it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
const { renderToString } = jest.requireActual<typeof import('react-dom/server.node')>('react-dom/server.node');
const { Button } = jest.requireActual<typeof import('./button')>('./button');

/** Renders as the prerender does, then hydrates the markup like the browser. */
function prerenderAndHydrate(ui: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const prerendered = container.querySelector('button');
  const wasDisabled = prerendered?.disabled;
  act(() => {
    render(ui, { container, hydrate: true });
  });
  return { wasDisabled, button: container.querySelector('button') };
}

describe('Button', () => {
  it('is disabled in the prerendered page and enabled once React has hydrated it', () => {
    const { wasDisabled, button } = prerenderAndHydrate(<Button>Book Session</Button>);
    expect(wasDisabled).toBe(true);
    expect(button?.disabled).toBe(false);
  });

  it("keeps the caller's disabled value before and after hydration", () => {
    expect(prerenderAndHydrate(<Button disabled={false}>Always</Button>).wasDisabled).toBe(false);
    const { wasDisabled, button } = prerenderAndHydrate(<Button disabled>Never</Button>);
    expect(wasDisabled).toBe(true);
    expect(button?.disabled).toBe(true);
  });

  it('while loading: busy, focusable, still enabled, and clicks do nothing', () => {
    const onClick = jest.fn();
    render(
      <Button variant="primary" loading onClick={onClick}>
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('a loading submit button does not submit its form again', () => {
    const onSubmit = jest.fn((event: FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading>
          Send
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('calls onClick when not loading, and an icon-only button is named by its aria-label', () => {
    const onClick = jest.fn();
    render(<Button aria-label="Open menu" icon={<span>≡</span>} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.className).toContain('ui-btn--icon-only');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
