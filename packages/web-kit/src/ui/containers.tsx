import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';

interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  extra?: ReactNode;
  cover?: ReactNode;
  /** antd's small card: a 38 px head and 12 px padding. */
  size?: 'default' | 'small';
}

export function Card({ title, extra, cover, size, className, children, ...rest }: CardProps) {
  return (
    <div className={cx('ui-card', size === 'small' && 'ui-card--small', className)} {...rest}>
      {(title || extra) && (
        <div className="ui-card__head">
          {title && <div className="ui-card__title">{title}</div>}
          {extra && <div className="ui-card__extra">{extra}</div>}
        </div>
      )}
      {cover && <div className="ui-card__cover">{cover}</div>}
      <div className="ui-card__body">{children}</div>
    </div>
  );
}

interface TagProps extends HTMLAttributes<HTMLSpanElement> {
  /** `default` is antd's grey tag; a colour of its own goes in `style` (background and text). */
  color?: 'default' | 'blue' | 'red' | 'green' | 'gold' | 'brand';
}

export function Tag({ color = 'blue', className, ...rest }: TagProps) {
  return <span className={cx('ui-tag', `ui-tag--${color}`, className)} {...rest} />;
}

const flexGaps = { small: 8, middle: 16, large: 24 } as const;

interface FlexProps extends HTMLAttributes<HTMLDivElement> {
  gap?: keyof typeof flexGaps | number;
  wrap?: boolean;
  vertical?: boolean;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
}

export function Flex({ gap, wrap, vertical, align, justify, className, style, ...rest }: FlexProps) {
  const layout: CSSProperties = {
    gap: typeof gap === 'string' ? flexGaps[gap] : gap,
    flexWrap: wrap ? 'wrap' : undefined,
    flexDirection: vertical ? 'column' : undefined,
    alignItems: align,
    justifyContent: justify,
  };
  return <div className={cx('ui-flex', className)} style={{ ...layout, ...style }} {...rest} />;
}

interface DescriptionsProps {
  items: { key: string; label: ReactNode; children: ReactNode }[];
  bordered?: boolean;
  column?: 1 | 2 | 3;
  /** antd's small size: 8 px under each row. */
  size?: 'default' | 'small';
  title?: ReactNode;
  className?: string;
}

export function Descriptions({ items, bordered, column = 3, size, title, className }: DescriptionsProps) {
  return (
    <div
      className={cx(
        'ui-descriptions',
        bordered && 'ui-descriptions--bordered',
        size === 'small' && 'ui-descriptions--small',
        className,
      )}
    >
      {title && <div className="ui-descriptions__title">{title}</div>}
      <dl className="ui-descriptions__list" style={{ '--ui-descriptions-columns': column } as CSSProperties}>
        {items.map((item) => (
          <div key={item.key} className="ui-descriptions__item">
            <dt className="ui-descriptions__label">{item.label}</dt>
            <dd className="ui-descriptions__content">{item.children}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

interface AvatarProps {
  size?: number;
  src?: string;
  alt?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function Avatar({ size = 32, src, alt = '', className, style, children }: AvatarProps) {
  const dimensions: CSSProperties = { width: size, height: size, lineHeight: `${size}px`, fontSize: size / 2 };
  return (
    <span className={cx('ui-avatar', className)} style={{ ...dimensions, ...style }}>
      {src ? <img src={src} alt={alt} /> : children}
    </span>
  );
}

const gridBreakpoints = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

interface GridProps extends HTMLAttributes<HTMLDivElement> {
  /** Columns from each of antd's breakpoints up (576, 768, 992, 1200 px); a breakpoint left out keeps the one below. */
  columns: { xs: number } & Partial<Record<(typeof gridBreakpoints)[number], number>>;
}

/** antd's Row gutter={[16, 16]} with equal Cols, in CSS: equal columns 16 px apart, items as tall as their row. */
export function Grid({ columns, className, style, ...rest }: GridProps) {
  let count = columns.xs;
  const counts = Object.fromEntries(
    gridBreakpoints.map((breakpoint) => {
      count = columns[breakpoint] ?? count;
      return [`--ui-grid-${breakpoint}`, count];
    }),
  );
  return <div className={cx('ui-grid', className)} style={{ ...counts, ...style }} {...rest} />;
}

interface StatisticProps {
  title: ReactNode;
  value: number | string;
  valueStyle?: CSSProperties;
  className?: string;
}

/** antd's Statistic: a secondary title over a large value; numbers grouped by thousands as antd does. */
export function Statistic({ title, value, valueStyle, className }: StatisticProps) {
  return (
    <div className={cx('ui-statistic', className)}>
      <div className="ui-statistic__title">{title}</div>
      <div className="ui-statistic__content" style={valueStyle}>
        {typeof value === 'number' ? value.toLocaleString('en-GB', { maximumFractionDigits: 20 }) : value}
      </div>
    </div>
  );
}

interface BadgeProps {
  count: number;
  /** What the count means, spoken instead of the bare number, e.g. "3 pending". */
  label: string;
  className?: string;
}

/** antd's standalone count Badge: a red pill with the number in white; nothing at 0, as antd shows. */
export function Badge({ count, label, className }: BadgeProps) {
  if (count <= 0) return null;
  return (
    // An image named by its meaning: a tab holding it is read as "Payslips, 3 pending review".
    <span role="img" aria-label={label} className={cx('ui-badge', className)}>
      {count}
    </span>
  );
}
