import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { AtPath, sessionWith, student } from './session';

/** A purchase dialog as the home page opens it: at /, with a fresh SWR cache, for a visitor or a student. */
export function renderOnHomePage(dialogContent: ReactElement, signedIn = false) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AtPath path="/" session={sessionWith({ user: signedIn ? student : null })}>
        {dialogContent}
      </AtPath>
    </SWRConfig>,
  );
}

export const dialog = () => screen.getByRole('dialog');

/** The dialog's summary value for one row ('Subject', 'Session', 'Package', 'Price'). */
export const summary = (row: string) =>
  within(dialog()).getByText(row, { selector: 'th > span' }).closest('tr')?.querySelector('td')?.textContent;

/** Where the dialog sent the browser (AtPath's location probe). */
export const location = () => screen.getByTestId('location').textContent;
