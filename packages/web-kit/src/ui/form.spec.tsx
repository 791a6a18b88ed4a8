/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from './button';
import { Field, Input, PasswordInput, Select } from './form';
import { RateInput } from './feedback';
import { useZodForm } from './use-zod-form';

const ContactSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name'),
  email: z.string().trim().email('Enter a valid email address'),
});
type Contact = z.infer<typeof ContactSchema>;

function ContactForm({
  loadSchema,
  onSubmit,
}: {
  loadSchema: () => Promise<z.ZodType>;
  onSubmit: (values: Contact, parsed: unknown) => Promise<void>;
}) {
  const form = useZodForm<Contact>({ initialValues: { name: '', email: '' }, loadSchema, onSubmit });
  return (
    <form noValidate onSubmit={form.handleSubmit} onFocusCapture={() => void form.prefetch()}>
      <Field label="Name" htmlFor="name" error={form.errors.name}>
        <Input {...form.fieldProps('name')} />
      </Field>
      <Field label="Email" htmlFor="email" error={form.errors.email}>
        <Input type="email" {...form.fieldProps('email')} />
      </Field>
      <Button type="submit" variant="primary" loading={form.submitting}>
        Send
      </Button>
    </form>
  );
}

function setUp() {
  const loadSchema = jest.fn(() => Promise.resolve<z.ZodType>(ContactSchema));
  const onSubmit = jest.fn((_values: Contact, _parsed: unknown) => Promise.resolve());
  render(<ContactForm loadSchema={loadSchema} onSubmit={onSubmit} />);
  return { loadSchema, onSubmit, name: screen.getByLabelText('Name'), email: screen.getByLabelText('Email') };
}

const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Send' })));

describe('useZodForm with Field', () => {
  it('loads the schema only when the form is first used', async () => {
    const { loadSchema, name } = setUp();
    expect(loadSchema).not.toHaveBeenCalled();
    await act(async () => void fireEvent.focus(name));
    expect(loadSchema).toHaveBeenCalledTimes(1);
    await act(async () => void fireEvent.focus(screen.getByLabelText('Email')));
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('validates an edited field when it loses focus, with the schema wording, and clears the error once fixed', async () => {
    const { email } = setUp();
    fireEvent.focus(email);
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    await act(async () => void fireEvent.blur(email));
    const error = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Enter a valid email address');
    expect(error?.getAttribute('role')).toBe('alert');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // Another field, untouched, stays quiet.
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();

    await act(async () => void fireEvent.change(email, { target: { value: 'ada@example.com' } }));
    expect(error?.textContent).toBe('');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('does not flag a field the user only tabbed through', async () => {
    const { name } = setUp();
    fireEvent.focus(name);
    await act(async () => void fireEvent.blur(name));
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('on submit shows every error, focuses the first invalid field and does not call onSubmit', async () => {
    const { onSubmit, name, email } = setUp();
    fireEvent.change(email, { target: { value: 'bad' } });
    await submit();
    expect(document.activeElement).toBe(name);
    expect(screen.getByText('Enter your name')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Ada' } });
    await submit();
    expect(document.activeElement).toBe(email);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('calls onSubmit with the values and the parsed data only when valid, busy meanwhile', async () => {
    const { onSubmit, name, email } = setUp();
    let finish: () => void = () => undefined;
    onSubmit.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    fireEvent.change(name, { target: { value: '  Ada ' } });
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(
      { name: '  Ada ', email: 'ada@example.com' },
      { name: 'Ada', email: 'ada@example.com' },
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
  });
});

describe('PasswordInput', () => {
  it('toggles between hidden and shown text with a named button', () => {
    render(
      <Field label="Password" htmlFor="password">
        <PasswordInput id="password" />
      </Field>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Password');
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });
});

function Rating() {
  const [value, setValue] = useState(0);
  return <RateInput name="rating" label="Your rating" value={value} onChange={setValue} />;
}

describe('RateInput', () => {
  it('is a radio group of five named stars', () => {
    render(<Rating />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    const radios = screen.getAllByRole<HTMLInputElement>('radio');
    expect(group.contains(radios[0]!)).toBe(true);
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(radios.every((radio) => radio.name === 'rating' && !radio.checked)).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '4 stars' }).checked).toBe(true);
  });
});

describe('Select', () => {
  it('shows the placeholder as a first option that cannot be picked, greyed while nothing is chosen', () => {
    function Subject() {
      const [value, setValue] = useState('');
      return (
        <Field label="Subject" htmlFor="subject">
          <Select
            id="subject"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder="Choose a subject"
            options={[
              { value: 'ucat', label: 'UCAT' },
              { value: 'interviews', label: 'Interviews' },
            ]}
          />
        </Field>
      );
    }
    render(<Subject />);
    const select = screen.getByLabelText<HTMLSelectElement>('Subject');
    const placeholder = select.options[0];
    expect(placeholder?.textContent).toBe('Choose a subject');
    expect(placeholder?.value).toBe('');
    expect(placeholder?.disabled).toBe(true);
    expect(select.value).toBe('');
    expect(select.className).toContain('ui-select--placeholder');
    fireEvent.change(select, { target: { value: 'ucat' } });
    expect(select.value).toBe('ucat');
    expect(select.className).not.toContain('ui-select--placeholder');
  });
});
