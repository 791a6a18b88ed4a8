/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ButtonLink } from './button';
import { Grid, Statistic } from './containers';
import { Alert, Progress } from './feedback';
import { RadioGroup } from './radio-group';

/** The parts the dashboards draw without antd: the same roles, names and states antd's gave. */

afterEach(cleanup);

describe('ButtonLink', () => {
  it('links like a button', () => {
    render(
      <ButtonLink variant="primary" href="https://calendly.com/ada" target="_blank">
        Book
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Book' });
    expect(link.getAttribute('href')).toBe('https://calendly.com/ada');
    expect(link.className).toBe('ui-btn ui-btn--primary');
    expect(link.getAttribute('aria-disabled')).toBeNull();
  });

  it('disabled, keeps no href, so nothing opens it, and says it is disabled', () => {
    render(
      <ButtonLink href="https://calendly.com/ada" disabled>
        Book
      </ButtonLink>,
    );
    const link = screen.getByText('Book');
    expect(link.getAttribute('href')).toBeNull();
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.className).toContain('ui-btn--disabled');
  });
});

describe('Grid', () => {
  it('keeps the columns of the breakpoint below where one is left out', () => {
    render(<Grid columns={{ xs: 1, md: 2, xl: 3 }} data-testid="grid" />);
    const { style } = screen.getByTestId('grid');
    expect(
      ['xs', 'sm', 'md', 'lg', 'xl'].map((breakpoint) => style.getPropertyValue(`--ui-grid-${breakpoint}`)),
    ).toEqual(['1', '1', '2', '2', '3']);
  });
});

describe('Statistic', () => {
  it('groups numbers by thousands and keeps their decimals, as antd does', () => {
    render(<Statistic title="Hours Used" value={1234.5} />);
    expect(screen.getByText('Hours Used').nextElementSibling?.textContent).toBe('1,234.5');
  });

  it('shows text as given, in the colour given', () => {
    render(<Statistic title="Free Trial" value="Available" valueStyle={{ color: '#237804' }} />);
    expect(screen.getByText('Available').style.color).toBe('rgb(35, 120, 4)');
  });
});

describe('Progress', () => {
  it('is a named progress bar with its value and the percentage after it', () => {
    render(<Progress percent={25} label="0.5 of 2 hours used" />);
    const bar = screen.getByRole('progressbar', { name: '0.5 of 2 hours used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.textContent).toBe('25%');
    expect((bar.querySelector('.ui-progress__track') as HTMLElement).style.width).toBe('25%');
  });

  it('on success shows a check mark instead of the percentage', () => {
    render(<Progress percent={100} status="success" label="10 of 10 hours used" />);
    const bar = screen.getByRole('progressbar', { name: '10 of 10 hours used' });
    expect(bar.className).toContain('ui-progress--success');
    expect(bar.textContent).toBe('');
    expect(bar.querySelector('.ui-progress__indicator svg')).not.toBeNull();
  });

  it('never draws the bar past its ends', () => {
    render(<Progress percent={130} label="over" />);
    const track = screen.getByRole('progressbar').querySelector('.ui-progress__track') as HTMLElement;
    expect(track.style.width).toBe('100%');
  });
});

describe('Alert', () => {
  it('has a named close button only when it can be closed', () => {
    const onClose = jest.fn();
    render(<Alert type="warning" title="Set your exam date" onClose={onClose} closeLabel="Close exam date reminder" />);
    fireEvent.click(screen.getByRole('button', { name: 'Close exam date reminder' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    cleanup();
    render(<Alert type="warning" title="On hold" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

function Durations({ disabled }: { disabled?: boolean }) {
  const [value, setValue] = useState<number | null>(1);
  return (
    <>
      <span id="label">Session duration</span>
      <RadioGroup
        aria-labelledby="label"
        disabled={disabled}
        value={value}
        onChange={setValue}
        options={[
          { value: 1, label: '1 hour' },
          { value: 1.5, label: '1.5 hours' },
          { value: 2, label: '2 hours', disabled: true },
        ]}
      />
      <output>{value}</output>
    </>
  );
}

describe('RadioGroup', () => {
  it('is a labelled group of native radios, one of them chosen', () => {
    render(<Durations />);
    const group = screen.getByRole('radiogroup', { name: 'Session duration' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.checked)).toEqual([true, false, false]);
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    fireEvent.click(within(group).getByRole('radio', { name: '1.5 hours' }));
    expect(screen.getByRole('status').textContent).toBe('1.5');
    expect((within(group).getByRole('radio', { name: '1.5 hours' }) as HTMLInputElement).checked).toBe(true);
  });

  it('disables an option on its own, or all of them with the group', () => {
    render(<Durations />);
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).disabled)).toEqual([
      false,
      false,
      true,
    ]);
    cleanup();
    render(<Durations disabled />);
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
  });
});
