import { PageTexts } from '@medtutor/contracts';
import { Result, Typography } from 'antd';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';

export function NotFoundRoute() {
  return (
    <div className="page">
      <PageTitle title="Page Not Found" />
      <Result
        status="404"
        title={<Typography.Title level={1}>{PageTexts.notFoundTitle}</Typography.Title>}
        subTitle={PageTexts.notFoundHint}
        extra={
          <Link to="/" className="button-link">
            Go to the home page
          </Link>
        }
      />
    </div>
  );
}
