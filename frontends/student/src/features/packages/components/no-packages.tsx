import { ButtonLink, Card, Result } from '@medtutor/web-kit/ui';

/** docs/product.md §2's empty state. A plain link: /#pricing lives in the shell's router, not this remote's. */
export function NoPackages() {
  return (
    <Card>
      <Result
        status="info"
        title={<h2 style={{ fontSize: '1.3rem', margin: 0 }}>No Session Packages Yet</h2>}
        subTitle="Choose a package to start one-to-one tutoring with our medical-student tutors."
        extra={
          <ButtonLink variant="primary" href="/#pricing">
            Browse Packages
          </ButtonLink>
        }
      />
    </Card>
  );
}
