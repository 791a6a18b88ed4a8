import type { CSSProperties, ReactNode } from 'react';
import { useState } from 'react';
import { useHydrated } from './use-hydrated';
import { cx } from './class-names';
import {
  CheckCircleIcon,
  CloseCircleIcon,
  CloseIcon,
  ExclamationCircleIcon,
  InfoCircleIcon,
  StarIcon,
  WarningIcon,
} from './icons';

type Status = 'info' | 'success' | 'warning' | 'error';

const alertIcons = {
  info: InfoCircleIcon,
  success: CheckCircleIcon,
  warning: ExclamationCircleIcon,
  error: CloseCircleIcon,
} as const;

interface AlertProps {
  type: Status;
  title: ReactNode;
  description?: ReactNode;
  showIcon?: boolean;
  action?: ReactNode;
  /** Draws antd's close button, named by `closeLabel`; the caller hides the alert. */
  onClose?: () => void;
  closeLabel?: string;
  id?: string;
  className?: string;
  style?: CSSProperties;
}

/** Errors and warnings interrupt a screen reader; news that something worked waits its turn. */
export function Alert({
  type,
  title,
  description,
  showIcon,
  action,
  onClose,
  closeLabel = 'Close',
  id,
  className,
  style,
}: AlertProps) {
  const Icon = alertIcons[type];
  return (
    <div
      id={id}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      className={cx(
        'ui-alert',
        `ui-alert--${type}`,
        description !== undefined && 'ui-alert--with-description',
        className,
      )}
      style={style}
    >
      {showIcon && <Icon className="ui-alert__icon" />}
      <div className="ui-alert__content">
        <div className="ui-alert__message">{title}</div>
        {description !== undefined && <div className="ui-alert__description">{description}</div>}
      </div>
      {action && <div className="ui-alert__action">{action}</div>}
      {onClose && (
        <button type="button" className="ui-alert__close" aria-label={closeLabel} onClick={onClose}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

interface ProgressProps {
  /** 0…100, drawn as given. */
  percent: number;
  /** `success` turns the bar green with a check mark instead of the percentage, as antd's does. */
  status?: 'normal' | 'success';
  label: string;
  className?: string;
}

/** antd's line Progress: an 8 px bar with the percentage after it. */
export function Progress({ percent, status = 'normal', label, className }: ProgressProps) {
  return (
    <div
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
      className={cx('ui-progress', `ui-progress--${status}`, className)}
    >
      <div className="ui-progress__rail">
        <div className="ui-progress__track" style={{ width: `${Math.min(Math.max(percent, 0), 100)}%` }} />
      </div>
      {status === 'success' ? (
        <CheckCircleIcon className="ui-progress__indicator" />
      ) : (
        <span className="ui-progress__indicator">{percent}%</span>
      )}
    </div>
  );
}

interface SpinnerProps {
  size?: 'small' | 'default' | 'large';
  label: string;
  className?: string;
}

/** antd's four rotating dots. */
export function Spinner({ size = 'default', label, className }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} aria-live="polite" className={cx('ui-spin', `ui-spin--${size}`, className)}>
      <span className="ui-spin__dot" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}

const resultIcons = {
  success: CheckCircleIcon,
  error: CloseCircleIcon,
  info: InfoCircleIcon,
  warning: WarningIcon,
} as const;

interface ResultProps {
  /** '404' draws the `icon` it is given (the not-found page passes its illustration, so no other page downloads it). */
  status: Status | '404';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export function Result({ status, title, subTitle, extra, icon, className, children }: ResultProps) {
  const Icon = status === '404' ? undefined : resultIcons[status];
  return (
    <div className={cx('ui-result', `ui-result--${status}`, className)}>
      <div className={cx('ui-result__icon', status === '404' && 'ui-result__image')}>{icon ?? (Icon && <Icon />)}</div>
      <div className="ui-result__title">{title}</div>
      {subTitle && <div className="ui-result__subtitle">{subTitle}</div>}
      {extra && <div className="ui-result__extra">{extra}</div>}
      {children && <div className="ui-result__content">{children}</div>}
    </div>
  );
}

interface SkeletonProps {
  lines?: number;
  avatar?: boolean;
  title?: boolean;
  className?: string;
}

export function Skeleton({ lines = 3, avatar, title = true, className }: SkeletonProps) {
  return (
    <div className={cx('ui-skeleton', className)} aria-hidden="true">
      {avatar && <span className="ui-skeleton__avatar" />}
      <div className="ui-skeleton__content">
        {title && <span className="ui-skeleton__title" />}
        {lines > 0 && (
          <ul className="ui-skeleton__paragraph">
            {Array.from({ length: lines }, (_, line) => (
              <li key={line} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** One star, gold up to `fill` (0…1) of its width over the grey one, so half stars show as antd does. */
function RateStar({ fill }: { fill: number }) {
  return (
    <span className="ui-rate__star">
      <StarIcon className="ui-rate__empty" />
      {fill > 0 && (
        <span className="ui-rate__full" style={{ width: `${Math.min(fill, 1) * 100}%` }}>
          <StarIcon />
        </span>
      )}
    </span>
  );
}

interface RateProps {
  value: number;
  count?: number;
  label?: string;
  className?: string;
}

export function Rate({ value, count = 5, label, className }: RateProps) {
  return (
    <span role="img" aria-label={label ?? `Rated ${value} out of ${count}`} className={cx('ui-rate', className)}>
      {Array.from({ length: count }, (_, star) => (
        <RateStar key={star} fill={value - star} />
      ))}
    </span>
  );
}

interface RateInputProps {
  value: number;
  onChange: (value: number) => void;
  name: string;
  label: string;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

/** Five native radios drawn as stars: arrow keys and screen readers work as for any radio group. */
export function RateInput({ value, onChange, name, label, disabled, id, className, ...aria }: RateInputProps) {
  const hydrated = useHydrated();
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  const isDisabled = disabled ?? !hydrated;
  return (
    <div
      role="radiogroup"
      aria-label={label}
      id={id}
      className={cx('ui-rate', 'ui-rate--input', isDisabled && 'ui-rate--disabled', className)}
      onPointerLeave={() => setHovered(0)}
      {...aria}
    >
      {[1, 2, 3, 4, 5].map((stars) => (
        <label key={stars} className="ui-rate__option" onPointerEnter={() => !isDisabled && setHovered(stars)}>
          <input
            type="radio"
            className="ui-visually-hidden"
            name={name}
            value={stars}
            checked={value === stars}
            disabled={isDisabled}
            aria-label={stars === 1 ? '1 star' : `${stars} stars`}
            onChange={() => onChange(stars)}
          />
          <RateStar fill={shown >= stars ? 1 : 0} />
        </label>
      ))}
    </div>
  );
}
