import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';

interface TitleProps {
  level: 1 | 2 | 3 | 4 | 5;
  id?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function Title({ level, className, ...rest }: TitleProps) {
  const Heading = `h${level}` as const;
  return <Heading className={cx('ui-title', className)} {...rest} />;
}

interface ParagraphProps extends HTMLAttributes<HTMLParagraphElement> {
  type?: 'secondary';
  /** Bold text, in a <strong> as antd's `strong` draws it. */
  strong?: boolean;
}

export function Paragraph({ type, strong, className, children, ...rest }: ParagraphProps) {
  return (
    <p className={cx('ui-paragraph', type && `ui-text--${type}`, className)} {...rest}>
      {strong ? <strong className="ui-text--strong">{children}</strong> : children}
    </p>
  );
}

interface TextProps {
  type?: 'secondary' | 'danger' | 'success';
  strong?: boolean;
  id?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function Text({ type, strong, className, ...rest }: TextProps) {
  const Tag = strong ? 'strong' : 'span';
  return (
    <Tag className={cx('ui-text', type && `ui-text--${type}`, strong && 'ui-text--strong', className)} {...rest} />
  );
}
