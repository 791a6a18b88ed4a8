import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { cx } from './class-names';
import { LoadingIcon } from './icons';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: 'primary' | 'default' | 'text' | 'link';
  size?: 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  type?: 'button' | 'submit';
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * antd's Button look. A prerendered button stays disabled until React runs (a click before then would
 * be lost); `loading` keeps it focusable but ignores clicks, so a submit cannot be sent twice.
 */
export function Button({
  variant = 'default',
  size = 'middle',
  block,
  loading,
  disabled,
  type = 'button',
  icon,
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const hydrated = useHydrated();
  const iconOnly = children === undefined || children === null || children === false;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      disabled={disabled ?? !hydrated}
      aria-busy={loading || undefined}
      className={cx(
        'ui-btn',
        `ui-btn--${variant}`,
        size === 'large' && 'ui-btn--large',
        block && 'ui-btn--block',
        iconOnly && 'ui-btn--icon-only',
        loading && 'ui-btn--loading',
        className,
      )}
      onClick={handleClick}
      {...rest}
    >
      {loading ? <LoadingIcon className="ui-btn__icon" /> : icon && <span className="ui-btn__icon">{icon}</span>}
      {!iconOnly && <span>{children}</span>}
    </button>
  );
}
