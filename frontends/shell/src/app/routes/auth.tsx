import type { LoginSecondFactorReply, UserDto } from '@medtutor/contracts';
import { Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { site } from '../../config/site';
import { ForgotPasswordDialog } from '../../features/auth/components/forgot-password-dialog';
import { LoginForm } from '../../features/auth/components/login-form';
import { SecondFactorForm } from '../../features/auth/components/second-factor-form';
import { TwoFactorEnrolment } from '../../features/auth/components/two-factor-enrolment';
import { useSession } from '../../features/auth/hooks/use-session';
import { RegisterForm } from '../../features/auth/components/register-form';
import { postAuthTarget } from '../../features/auth/utils/post-auth-target';
import { takePendingPurchase } from '../../lib/pending-purchase';

export function AuthRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [secondFactor, setSecondFactor] = useState<LoginSecondFactorReply['secondFactor'] | null>(null);
  const { completeSignIn } = useSession();

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
        {secondFactor === 'verify' ? (
          <SecondFactorForm
            onVerified={(user) => {
              void completeSignIn(user).then((stored) => stored && continueAs(stored));
            }}
          />
        ) : secondFactor === 'enrol' ? (
          <TwoFactorEnrolment
            required
            onDone={() => {
              void completeSignIn().then((stored) => stored && continueAs(stored));
            }}
          />
        ) : (
          <Tabs
            items={[
              {
                key: 'login',
                label: 'Login',
                children: (
                  <LoginForm
                    onSignedIn={continueAs}
                    onSecondFactor={setSecondFactor}
                    onForgotPassword={() => setForgotOpen(true)}
                  />
                ),
              },
              { key: 'register', label: 'Register', children: <RegisterForm onRegistered={continueAs} /> },
            ]}
          />
        )}
      </Card>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
}
