import type { CSSProperties, ReactNode } from 'react';
import { useId } from 'react';
import { cx } from './class-names';

interface RadioOption<T> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

interface RadioGroupProps<T extends string | number> {
  options: RadioOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Disables every option (an option's own `disabled` disables only it). */
  disabled?: boolean;
  vertical?: boolean;
  name?: string;
  className?: string;
  style?: CSSProperties;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/** antd's Radio.Group look on native radios, so arrow keys and screen readers work as for any radio group. */
export function RadioGroup<T extends string | number>({
  options,
  value,
  onChange,
  disabled,
  vertical,
  name,
  className,
  style,
  ...aria
}: RadioGroupProps<T>) {
  const generatedName = useId();
  return (
    <div
      role="radiogroup"
      className={cx('ui-radio-group', vertical && 'ui-radio-group--vertical', className)}
      style={style}
      {...aria}
    >
      {options.map((option) => {
        const isDisabled = disabled || option.disabled;
        return (
          <label key={option.value} className={cx('ui-radio', isDisabled && 'ui-radio--disabled')}>
            <input
              type="radio"
              className="ui-radio__input"
              name={name ?? generatedName}
              value={option.value}
              checked={value === option.value}
              disabled={isDisabled}
              onChange={() => onChange(option.value)}
            />
            <span className="ui-radio__label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
