import { PageTexts } from '@medtutor/contracts';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { Result, Title } from '@medtutor/web-kit/ui';
import { NotFoundIllustration } from '../../components/not-found-illustration';

export function NotFoundRoute() {
  return (
    <div className="page">
      <PageTitle title="Page Not Found" />
      <Result
        status="404"
        icon={<NotFoundIllustration />}
        title={<Title level={1}>{PageTexts.notFoundTitle}</Title>}
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
