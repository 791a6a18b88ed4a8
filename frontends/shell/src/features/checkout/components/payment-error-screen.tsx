import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Result, Title } from '@medtutor/web-kit/ui';

/** docs/product.md §2 and §8: a checkout that cannot go on explains why and offers the way home. */
export function PaymentErrorScreen({ title, message, detail }: { title: string; message: string; detail?: ReactNode }) {
  return (
    <Result
      status="error"
      title={<Title level={1}>{title}</Title>}
      subTitle={
        <div role="alert">
          <p>{message}</p>
          {detail && <p>{detail}</p>}
        </div>
      }
      extra={
        <Link to="/" className="button-link">
          Return Home
        </Link>
      }
    />
  );
}
