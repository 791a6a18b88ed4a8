import { TwoFactorTexts } from '@medtutor/contracts';
import { Card, Skeleton } from 'antd';
import { AntdProviders } from '../../../app/antd-providers';
import { useTwoFactorStatus } from '../api/two-factor';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { TwoFactorLifecycle } from './two-factor-lifecycle';

/**
 * The "Two-factor authentication" section of a user's account (required for staff in production,
 * a choice for students), inside its own antd
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
          <TwoFactorLifecycle required={data.required} onChanged={() => void mutate()} />
        ) : (
          <TwoFactorEnrolment onDone={() => void mutate()} />
        )}
      </Card>
    </AntdProviders>
  );
}
