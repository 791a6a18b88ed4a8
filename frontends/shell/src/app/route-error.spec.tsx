/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouteError } from './route-error';

afterEach(cleanup);

describe('RouteError', () => {
  it('says the page could not be shown and reloads it on request', () => {
    render(<RouteError />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('This page could not be shown. Reloading usually fixes it.')).toBeTruthy();

    // jsdom's location cannot be replaced, and it does not navigate: it reports the reload as not implemented.
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Reload page' }));
      expect(reported.mock.calls.map(([error]) => String(error))).toEqual([
        expect.stringContaining('Not implemented: navigation'),
      ]);
    } finally {
      reported.mockRestore();
    }
  });
});
