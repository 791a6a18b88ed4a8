/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { Tabs } from './tabs';

const items = [
  { key: 'login', label: 'Log in', children: <input aria-label="Email" /> },
  { key: 'signup', label: 'Sign up', children: <p>Create an account</p> },
  { key: 'help', label: 'Help', children: <p>Ask us</p> },
];

describe('Tabs', () => {
  it('follows the WAI-ARIA tabs pattern', () => {
    render(<Tabs id="auth" items={items} />);
    expect(screen.getByRole('tablist')).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(tabs[0]?.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]?.id);
    // Panels never shown are not rendered.
    expect(screen.queryByText('Create an account')).toBeNull();
  });

  it('arrow keys, Home and End move focus and selection, wrapping around', () => {
    const onChange = jest.fn();
    render(<Tabs items={items} onChange={onChange} />);
    const [login, signup, help] = screen.getAllByRole('tab');
    login?.focus();
    fireEvent.keyDown(login!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(signup);
    expect(signup?.getAttribute('aria-selected')).toBe('true');
    expect(onChange).toHaveBeenLastCalledWith('signup');
    fireEvent.keyDown(signup!, { key: 'End' });
    expect(document.activeElement).toBe(help);
    fireEvent.keyDown(help!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(login);
    fireEvent.keyDown(login!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(help);
    fireEvent.keyDown(help!, { key: 'Home' });
    expect(document.activeElement).toBe(login);
    expect(screen.getByRole('tabpanel').contains(screen.getByLabelText('Email'))).toBe(true);
  });

  it('keeps a visited panel mounted but hidden, so what was typed survives', () => {
    render(<Tabs items={items} />);
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    fireEvent.change(email, { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Create an account');
    expect(email.closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Log in' }));
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('a@b.co');
  });

  it('is controlled by activeKey when given', () => {
    const onChange = jest.fn();
    const { rerender } = render(<Tabs items={items} activeKey="help" onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Log in' }));
    expect(onChange).toHaveBeenCalledWith('login');
    expect(screen.getByRole('tab', { name: 'Help' }).getAttribute('aria-selected')).toBe('true');
    rerender(<Tabs items={items} activeKey="login" onChange={onChange} />);
    expect(screen.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
  });
});
