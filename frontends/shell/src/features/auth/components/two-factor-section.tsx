import { TwoFactorTexts } from '@medtutor/contracts';
import { Alert, Card, Skeleton } from 'antd';
import { AntdProviders } from '../../../app/antd-providers';
import { useTwoFactorStatus } from '../api/two-factor';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/**
 * The "Two-factor authentication" section of an admin's or tutor's account, inside its own antd
 * providers: the account security page around it renders without antd.
 */
export function TwoFactorSection() {
  const { data, isLoading, mutate } = useTwoFactorStatus();
  return (
    <AntdProviders>
      <Card title={<h2 style={{ margin: 0, fontSize: 'inherit' }}>{TwoFactorTexts.sectionTitle}</h2>}>
        {isLoading || !data ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : data.enabled ? (
          <Alert type="success" showIcon message={TwoFactorTexts.enabled} />
        ) : (
          <TwoFactorEnrolment onDone={() => void mutate()} />
        )}
      </Card>
    </AntdProviders>
  );
}
