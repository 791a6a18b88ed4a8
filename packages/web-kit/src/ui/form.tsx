import type {
  ChangeEventHandler,
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { useRef, useState } from 'react';
import { useHydrated } from './use-hydrated';
import { cx } from './class-names';
import { EyeIcon, EyeInvisibleIcon, SearchIcon } from './icons';

/** The id of a field's error/help text, for the control's `aria-describedby`. */
export const fieldHelpId = (htmlFor: string): string => `${htmlFor}-help`;

interface FieldProps {
  label: ReactNode;
  htmlFor: string;
  required?: boolean;
  optional?: boolean;
  error?: string;
  help?: ReactNode;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A vertical form item as antd draws it. The error region is always in the page, so screen readers
 * announce an error when it appears.
 */
export function Field({ label, htmlFor, required, optional, error, help, extra, className, children }: FieldProps) {
  const message = error || help;
  return (
    <div className={cx('ui-field', Boolean(message) && 'ui-field--with-help', error && 'ui-field--invalid', className)}>
      <label htmlFor={htmlFor} className={cx('ui-field__label', required && 'ui-field__label--required')}>
        {label}
        {optional && <span className="ui-field__optional">(optional)</span>}
      </label>
      <div className="ui-field__control">{children}</div>
      <div id={fieldHelpId(htmlFor)} className={error ? 'ui-field__error' : 'ui-field__help'} role="alert">
        {message}
      </div>
      {extra && <div className="ui-field__extra">{extra}</div>}
    </div>
  );
}

type ControlSize = 'middle' | 'large';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  invalid?: boolean;
  size?: ControlSize;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ invalid, size, disabled, className, ...rest }: InputProps) {
  const hydrated = useHydrated();
  return (
    <input
      disabled={disabled ?? !hydrated}
      aria-invalid={invalid || undefined}
      className={cx('ui-input', size === 'large' && 'ui-input--large', invalid && 'ui-input--invalid', className)}
      {...rest}
    />
  );
}

/** Input.Password: the eye button toggles between hidden and shown text. */
export function PasswordInput({ invalid, size, disabled, className, style, ...rest }: Omit<InputProps, 'type'>) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const isDisabled = disabled ?? !hydrated;
  return (
    <span
      className={cx(
        'ui-input',
        'ui-input-affix',
        size === 'large' && 'ui-input--large',
        invalid && 'ui-input--invalid',
        isDisabled && 'ui-input--disabled',
        className,
      )}
      style={style}
    >
      <input type={shown ? 'text' : 'password'} disabled={isDisabled} aria-invalid={invalid || undefined} {...rest} />
      <button
        type="button"
        className="ui-input-affix__toggle"
        aria-label={shown ? 'Hide password' : 'Show password'}
        disabled={isDisabled}
        onClick={() => setShown(!shown)}
      >
        {shown ? <EyeIcon /> : <EyeInvisibleIcon />}
      </button>
    </span>
  );
}

export interface SearchInputProps extends Omit<InputProps, 'type' | 'size'> {
  /** Called with the text when the search button is pressed or Enter is typed. */
  onSearch: (value: string) => void;
  /** Names the search button. */
  buttonLabel?: string;
}

/** antd's Input.Search: a search field joined to a button with a magnifier; the browser's own × clears it. */
export function SearchInput({
  onSearch,
  buttonLabel = 'Search',
  disabled,
  className,
  style,
  ...rest
}: SearchInputProps) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const isDisabled = disabled ?? !hydrated;
  const search = () => onSearch(input.current?.value ?? '');
  return (
    <span className={cx('ui-input-search', className)} style={style}>
      <input
        ref={input}
        type="search"
        disabled={isDisabled}
        className="ui-input"
        onKeyDown={(event) => {
          if (event.key === 'Enter') search();
        }}
        {...rest}
      />
      <button
        type="button"
        className="ui-btn ui-btn--default ui-btn--icon-only"
        aria-label={buttonLabel}
        disabled={isDisabled}
        onClick={search}
      >
        <SearchIcon className="ui-btn__icon" />
      </button>
    </span>
  );
}

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ invalid, disabled, className, ...rest }: TextAreaProps) {
  const hydrated = useHydrated();
  return (
    <textarea
      disabled={disabled ?? !hydrated}
      aria-invalid={invalid || undefined}
      className={cx('ui-input', 'ui-textarea', invalid && 'ui-input--invalid', className)}
      {...rest}
    />
  );
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  options: { value: string; label: string; disabled?: boolean }[];
  placeholder?: string;
  invalid?: boolean;
  size?: ControlSize;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select drawn like antd's; the placeholder is an empty first option the user cannot pick. */
export function Select({ options, placeholder, invalid, size, disabled, className, ...rest }: SelectProps) {
  const hydrated = useHydrated();
  const current = rest.value ?? rest.defaultValue;
  const showsPlaceholder = placeholder !== undefined && (current === undefined || current === '');
  return (
    <select
      disabled={disabled ?? !hydrated}
      aria-invalid={invalid || undefined}
      className={cx(
        'ui-select',
        size === 'large' && 'ui-select--large',
        invalid && 'ui-select--invalid',
        showsPlaceholder && 'ui-select--placeholder',
        className,
      )}
      {...rest}
    >
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

interface CheckboxProps {
  checked: boolean;
  onChange: ChangeEventHandler<HTMLInputElement>;
  children?: ReactNode;
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

export function Checkbox({ children, disabled, className, ...rest }: CheckboxProps) {
  const hydrated = useHydrated();
  return (
    <label className={cx('ui-checkbox', className)}>
      <input type="checkbox" className="ui-checkbox__input" disabled={disabled ?? !hydrated} {...rest} />
      {children && <span className="ui-checkbox__label">{children}</span>}
    </label>
  );
}
