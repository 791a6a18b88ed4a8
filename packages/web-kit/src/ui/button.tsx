import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useHydrated } from './use-hydrated';
import { cx } from './class-names';
import { LoadingIcon } from './icons';

interface ButtonLook {
  variant?: 'primary' | 'default' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  /** antd's `danger`: red text and border, for an action that retries or destroys. */
  danger?: boolean;
  block?: boolean;
}

const lookClasses = ({ variant = 'default', size = 'middle', danger, block }: ButtonLook) => [
  'ui-btn',
  `ui-btn--${variant}`,
  size !== 'middle' && `ui-btn--${size}`,
  danger && 'ui-btn--danger',
  block && 'ui-btn--block',
];

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>, ButtonLook {
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
  variant,
  size,
  danger,
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
        ...lookClasses({ variant, size, danger, block }),
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

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement>, ButtonLook {
  disabled?: boolean;
}

/**
 * A link that looks like a Button (antd's Button with `href`). Disabled, it keeps no href, so
 * nothing can open it, and says so with aria-disabled, as antd's does.
 */
export function ButtonLink({ variant, size, danger, block, disabled, href, className, ...rest }: ButtonLinkProps) {
  return (
    <a
      href={disabled ? undefined : href}
      aria-disabled={disabled || undefined}
      className={cx(...lookClasses({ variant, size, danger, block }), disabled && 'ui-btn--disabled', className)}
      {...rest}
    />
  );
}
