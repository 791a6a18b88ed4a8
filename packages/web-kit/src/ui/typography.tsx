import type { CSSProperties, ReactNode } from 'react';
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

interface ParagraphProps {
  type?: 'secondary';
  id?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function Paragraph({ type, className, ...rest }: ParagraphProps) {
  return <p className={cx('ui-paragraph', type && `ui-text--${type}`, className)} {...rest} />;
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
