import type { RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { SiteLayout } from './layout/site-layout';
import { RouteError } from './route-error';

/**
 * Every page is its own chunk (`lazy`), so a public page never downloads the dashboards, and the
 * dashboards' routes are the only code that loads the remotes. A prerendered page's `handle.chunk`
 * names its chunk, so its HTML can link the page's styles and scripts. The browser creates its router from these in
 * bootstrap.tsx; the prerender renders them statically (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    HydrateFallback: PageSpinner,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            handle: { chunk: 'route-home' },
            lazy: () =>
              import(/* webpackChunkName: "route-home" */ './routes/home').then((m) => ({ Component: m.HomeRoute })),
          },
          {
            path: 'auth',
            lazy: () =>
              import(/* webpackChunkName: "route-auth" */ './routes/auth').then((m) => ({ Component: m.AuthRoute })),
          },
          {
            path: 'about',
            handle: { chunk: 'route-about' },
            lazy: () =>
              import(/* webpackChunkName: "route-about" */ './routes/about').then((m) => ({ Component: m.AboutRoute })),
          },
          {
            path: 'privacy-policy',
            handle: { chunk: 'route-privacy-policy' },
            lazy: () =>
              import(/* webpackChunkName: "route-privacy-policy" */ './routes/privacy-policy').then((m) => ({
                Component: m.PrivacyPolicyRoute,
              })),
          },
          {
            path: 'terms',
            handle: { chunk: 'route-terms' },
            lazy: () =>
              import(/* webpackChunkName: "route-terms" */ './routes/terms').then((m) => ({ Component: m.TermsRoute })),
          },
          {
            path: 'contact',
            handle: { chunk: 'route-contact' },
            lazy: () =>
              import(/* webpackChunkName: "route-contact" */ './routes/contact').then((m) => ({
                Component: m.ContactRoute,
              })),
          },
          {
            path: 'ucat',
            handle: { chunk: 'route-subjects' },
            lazy: () =>
              import(/* webpackChunkName: "route-subjects" */ './routes/subjects').then((m) => ({
                Component: m.UcatRoute,
              })),
          },
          {
            path: 'medical-school-interviews',
            handle: { chunk: 'route-subjects' },
            lazy: () =>
              import(/* webpackChunkName: "route-subjects" */ './routes/subjects').then((m) => ({
                Component: m.InterviewsRoute,
              })),
          },
          {
            path: 'medical-school-support',
            handle: { chunk: 'route-subjects' },
            lazy: () =>
              import(/* webpackChunkName: "route-subjects" */ './routes/subjects').then((m) => ({
                Component: m.SupportRoute,
              })),
          },
          {
            path: 'checkout',
            lazy: () =>
              import(/* webpackChunkName: "route-checkout" */ './routes/checkout').then((m) => ({
                Component: m.CheckoutRoute,
              })),
          },
          {
            path: 'payment-success',
            lazy: () =>
              import(/* webpackChunkName: "route-payment-success" */ './routes/payment-success').then((m) => ({
                Component: m.PaymentSuccessRoute,
              })),
          },
          {
            path: 'reset-password',
            lazy: () =>
              import(/* webpackChunkName: "route-reset-password" */ './routes/reset-password').then((m) => ({
                Component: m.ResetPasswordRoute,
              })),
          },
          {
            path: 'my-tutoring',
            lazy: () =>
              import(/* webpackChunkName: "route-dashboards" */ './routes/dashboards').then((m) => ({
                Component: m.MyTutoringRoute,
              })),
          },
          {
            path: 'admin-dashboard',
            lazy: () =>
              import(/* webpackChunkName: "route-dashboards" */ './routes/dashboards').then((m) => ({
                Component: m.AdminDashboardRoute,
              })),
          },
          {
            path: 'admin',
            lazy: () =>
              import(/* webpackChunkName: "route-dashboards" */ './routes/dashboards').then((m) => ({
                Component: m.AdminPanelRoute,
              })),
          },
          {
            path: 'account/security',
            lazy: () =>
              import(/* webpackChunkName: "route-auth" */ './routes/account-security').then((m) => ({
                Component: m.AccountSecurityRoute,
              })),
          },
          {
            path: 'tutor',
            lazy: () =>
              import(/* webpackChunkName: "route-dashboards" */ './routes/dashboards').then((m) => ({
                Component: m.TutorPortalRoute,
              })),
          },
          {
            path: '*',
            lazy: () =>
              import(/* webpackChunkName: "route-not-found" */ './routes/not-found').then((m) => ({
                Component: m.NotFoundRoute,
              })),
          },
        ],
      },
    ],
  },
];
