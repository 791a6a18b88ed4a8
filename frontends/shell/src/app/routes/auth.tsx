import type { UserDto } from '@medtutor/contracts';
import { Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { site } from '../../config/site';
import { ForgotPasswordDialog } from '../../features/auth/components/forgot-password-dialog';
import { LoginForm } from '../../features/auth/components/login-form';
import { RegisterForm } from '../../features/auth/components/register-form';
import { postAuthTarget } from '../../features/auth/utils/post-auth-target';
import { takePendingPurchase } from '../../lib/pending-purchase';

export function AuthRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [forgotOpen, setForgotOpen] = useState(false);

  const continueAs = (user: UserDto) => {
    const target = postAuthTarget({
      user,
      pendingPurchase: takePendingPurchase(),
      redirect: searchParams.get('redirect'),
    });
    void navigate(target, { replace: true });
  };

  return (
    <div className="page page--narrow">
      <PageTitle title="Login or Register" />
      <Typography.Title level={1}>Welcome to {site.name}</Typography.Title>
      <Typography.Paragraph type="secondary">
        Log in to see your tutoring, or create an account to get started.
      </Typography.Paragraph>
      <Card>
        <Tabs
          items={[
            {
              key: 'login',
              label: 'Login',
              children: <LoginForm onSignedIn={continueAs} onForgotPassword={() => setForgotOpen(true)} />,
            },
            { key: 'register', label: 'Register', children: <RegisterForm onRegistered={continueAs} /> },
          ]}
        />
      </Card>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
}
