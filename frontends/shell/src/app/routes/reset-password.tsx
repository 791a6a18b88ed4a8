import { Notices } from '@medtutor/contracts';
import { Card, Result, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { AntdProviders } from '../antd-providers';

/** /reset-password: its own lazy chunk (router.tsx), so antd and its providers load only here, not on the public pages. */
export function ResetPasswordRoute() {
  return (
    <AntdProviders>
      <ResetPassword />
    </AntdProviders>
  );
}

function ResetPassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  if (!token) {
    return (
      <div className="page page--narrow">
        <PageTitle title={Notices.password.invalidResetLink} />
        <Result
          status="warning"
          title={<Typography.Title level={1}>{Notices.password.invalidResetLink}</Typography.Title>}
          subTitle="This password reset link is incomplete. Please request a new one."
          extra={
            <Link to="/auth" className="button-link">
              Request a new link
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <PageTitle title="Reset Your Password" />
      <Typography.Title level={1}>Reset Your Password</Typography.Title>
      <Typography.Paragraph type="secondary">Choose a new password of at least 6 characters.</Typography.Paragraph>
      <Card>
        <ResetPasswordForm token={token} />
      </Card>
    </div>
  );
}
