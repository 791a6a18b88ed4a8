import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { SiteLayout } from './layout/site-layout';
import { RouteError } from './route-error';

/**
 * Every page is its own chunk (`lazy`), so a public page never downloads the dashboards, and the
 * dashboards' routes are the only code that loads the remotes.
 */
export const router = createBrowserRouter([
  {
    Component: SiteLayout,
    HydrateFallback: PageSpinner,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })) },
          { path: 'auth', lazy: () => import('./routes/auth').then((m) => ({ Component: m.AuthRoute })) },
          { path: 'about', lazy: () => import('./routes/about').then((m) => ({ Component: m.AboutRoute })) },
          {
            path: 'privacy-policy',
            lazy: () => import('./routes/privacy-policy').then((m) => ({ Component: m.PrivacyPolicyRoute })),
          },
          { path: 'terms', lazy: () => import('./routes/terms').then((m) => ({ Component: m.TermsRoute })) },
          { path: 'contact', lazy: () => import('./routes/contact').then((m) => ({ Component: m.ContactRoute })) },
          { path: 'ucat', lazy: () => import('./routes/subjects').then((m) => ({ Component: m.UcatRoute })) },
          {
            path: 'medical-school-interviews',
            lazy: () => import('./routes/subjects').then((m) => ({ Component: m.InterviewsRoute })),
          },
          {
            path: 'medical-school-support',
            lazy: () => import('./routes/subjects').then((m) => ({ Component: m.SupportRoute })),
          },
          { path: 'checkout', lazy: () => import('./routes/checkout').then((m) => ({ Component: m.CheckoutRoute })) },
          {
            path: 'payment-success',
            lazy: () => import('./routes/payment-success').then((m) => ({ Component: m.PaymentSuccessRoute })),
          },
          {
            path: 'reset-password',
            lazy: () => import('./routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
          },
          {
            path: 'my-tutoring',
            lazy: () => import('./routes/dashboards').then((m) => ({ Component: m.MyTutoringRoute })),
          },
          {
            path: 'admin-dashboard',
            lazy: () => import('./routes/dashboards').then((m) => ({ Component: m.AdminDashboardRoute })),
          },
          { path: 'admin', lazy: () => import('./routes/dashboards').then((m) => ({ Component: m.AdminPanelRoute })) },
          { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
        ],
      },
    ],
  },
]);
