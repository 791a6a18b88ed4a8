/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installMatchMedia } from '../../../testing/public-page';
import { DiscountCodeField } from './discount-code-field';

beforeAll(installMatchMedia);
afterEach(cleanup);

function renderField(props: { appliedCode?: string; busy?: boolean; error?: string } = {}) {
  const handlers = { onApply: jest.fn<(code: string) => void>(), onRemove: jest.fn<() => void>() };
  render(<DiscountCodeField busy={false} {...props} {...handlers} />);
  return handlers;
}

const codeInput = () => screen.getByLabelText('Discount code') as HTMLInputElement;
const applyButton = () => screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;

describe('DiscountCodeField', () => {
  it('keeps Apply disabled until a code other than spaces is typed', () => {
    const { onApply } = renderField();
    expect(applyButton().disabled).toBe(true);
    fireEvent.change(codeInput(), { target: { value: '   ' } });
    expect(applyButton().disabled).toBe(true);
    fireEvent.keyDown(codeInput(), { key: 'Enter', keyCode: 13 });
    expect(onApply).not.toHaveBeenCalled();
  });

  it('applies the code trimmed and upper-cased, from the button or Enter', () => {
    const { onApply } = renderField();
    fireEvent.change(codeInput(), { target: { value: '  welcome30 ' } });
    fireEvent.click(applyButton());
    expect(onApply).toHaveBeenLastCalledWith('WELCOME30');

    fireEvent.keyDown(codeInput(), { key: 'Enter', keyCode: 13 });
    expect(onApply).toHaveBeenCalledTimes(2);
    expect(onApply).toHaveBeenLastCalledWith('WELCOME30');
  });

  it('does not apply on Enter while a request is under way', () => {
    const { onApply } = renderField({ busy: true });
    fireEvent.change(codeInput(), { target: { value: 'welcome30' } });
    fireEvent.keyDown(codeInput(), { key: 'Enter', keyCode: 13 });
    expect(onApply).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the field and marks the field invalid", () => {
    renderField({ error: 'This discount code has already been used' });
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(codeInput().getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('This discount code has already been used');
  });

  it('has no error and no invalid mark without a refusal', () => {
    renderField();
    expect(codeInput().getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById('checkout-discount-error')?.textContent).toBe('');
  });

  it('shows an applied code with Remove instead of the field', () => {
    const { onRemove } = renderField({ appliedCode: 'WELCOME30' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('WELCOME30').parentElement?.textContent).toBe('Code WELCOME30 applied');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});
