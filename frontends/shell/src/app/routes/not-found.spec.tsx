/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AtPath } from '../../testing/session';
import { NotFoundRoute } from './not-found';

afterEach(cleanup);

describe('NotFoundRoute', () => {
  it('names the page in the title, says it is missing and leads home', () => {
    render(
      <AtPath path="/no-such-page">
        <NotFoundRoute />
      </AtPath>,
    );
    expect(document.title).toBe('Page Not Found | MedPath Tutors');
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
