import { Button, Result, Title } from '@medtutor/web-kit/ui';

/** Shown when a page's code fails to download or crashes, instead of a blank screen. */
export function RouteError() {
  return (
    <div className="page">
      <Result
        status="error"
        title={<Title level={1}>Something went wrong</Title>}
        subTitle="This page could not be shown. Reloading usually fixes it."
        extra={
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload page
          </Button>
        }
      />
    </div>
  );
}
