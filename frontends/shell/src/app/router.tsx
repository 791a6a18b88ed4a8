import { Component, type ComponentType, type ErrorInfo, type ReactNode, Suspense, createElement, use } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { SiteLayout } from './layout/site-layout';
import { ScrollToLocation } from './layout/scroll-to-location';
import { RouteError } from './route-error';

/**
 * A page's code, downloaded on its first visit. `chunk` names its chunk, so a prerendered page's HTML
 * can link the page's styles and scripts (build/prerender-plugin.ts).
 */
export interface LazyPage {
  readonly chunk: string;
  /** Starts the download, or joins the one under way; a failed one is tried again next time. */
  load(): Promise<ComponentType>;
  /** The component once downloaded: a render that must not wait (hydration, prerender) uses it. */
  loaded?: ComponentType;
}

function lazyPage(chunk: string, download: () => Promise<ComponentType>): LazyPage {
  let pending: Promise<ComponentType> | undefined;
  const page: LazyPage = {
    chunk,
    load() {
      pending ??= download().then(
        (component) => (page.loaded = component),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
  return page;
}

/**
 * The site's pages. Declarative routes rather than a data router: no page loads data through the
 * router, and the data router costs every page about 17 KB more of start-up JavaScript (issue 15).
 * A public page never downloads the dashboards; the dashboards' routes are the only code that loads
 * the remotes.
 */
export const routeTable: { path: string; page: LazyPage }[] = [
  {
    path: '/',
    page: lazyPage('route-home', () =>
      import(/* webpackChunkName: "route-home" */ './routes/home').then((m) => m.HomeRoute),
    ),
  },
  {
    path: '/auth',
    page: lazyPage('route-auth', () =>
      import(/* webpackChunkName: "route-auth" */ './routes/auth').then((m) => m.AuthRoute),
    ),
  },
  {
    path: '/about',
    page: lazyPage('route-about', () =>
      import(/* webpackChunkName: "route-about" */ './routes/about').then((m) => m.AboutRoute),
    ),
  },
  {
    path: '/privacy-policy',
    page: lazyPage('route-privacy-policy', () =>
      import(/* webpackChunkName: "route-privacy-policy" */ './routes/privacy-policy').then(
        (m) => m.PrivacyPolicyRoute,
      ),
    ),
  },
  {
    path: '/terms',
    page: lazyPage('route-terms', () =>
      import(/* webpackChunkName: "route-terms" */ './routes/terms').then((m) => m.TermsRoute),
    ),
  },
  {
    path: '/contact',
    page: lazyPage('route-contact', () =>
      import(/* webpackChunkName: "route-contact" */ './routes/contact').then((m) => m.ContactRoute),
    ),
  },
  {
    path: '/ucat',
    page: lazyPage('route-subjects', () =>
      import(/* webpackChunkName: "route-subjects" */ './routes/subjects').then((m) => m.UcatRoute),
    ),
  },
  {
    path: '/medical-school-interviews',
    page: lazyPage('route-subjects', () =>
      import(/* webpackChunkName: "route-subjects" */ './routes/subjects').then((m) => m.InterviewsRoute),
    ),
  },
  {
    path: '/medical-school-support',
    page: lazyPage('route-subjects', () =>
      import(/* webpackChunkName: "route-subjects" */ './routes/subjects').then((m) => m.SupportRoute),
    ),
  },
  {
    path: '/checkout',
    page: lazyPage('route-checkout', () =>
      import(/* webpackChunkName: "route-checkout" */ './routes/checkout').then((m) => m.CheckoutRoute),
    ),
  },
  {
    path: '/payment-success',
    page: lazyPage('route-payment-success', () =>
      import(/* webpackChunkName: "route-payment-success" */ './routes/payment-success').then(
        (m) => m.PaymentSuccessRoute,
      ),
    ),
  },
  {
    path: '/reset-password',
    page: lazyPage('route-reset-password', () =>
      import(/* webpackChunkName: "route-reset-password" */ './routes/reset-password').then(
        (m) => m.ResetPasswordRoute,
      ),
    ),
  },
  {
    path: '/guardian-consent',
    page: lazyPage('route-guardian-consent', () =>
      import(/* webpackChunkName: "route-guardian-consent" */ './routes/guardian-consent').then(
        (m) => m.GuardianConsentRoute,
      ),
    ),
  },
  {
    path: '/my-tutoring',
    page: lazyPage('route-dashboards', () =>
      import(/* webpackChunkName: "route-dashboards" */ './routes/dashboards').then((m) => m.MyTutoringRoute),
    ),
  },
  {
    path: '/admin-dashboard',
    page: lazyPage('route-dashboards', () =>
      import(/* webpackChunkName: "route-dashboards" */ './routes/dashboards').then((m) => m.AdminDashboardRoute),
    ),
  },
  {
    path: '/admin',
    page: lazyPage('route-dashboards', () =>
      import(/* webpackChunkName: "route-dashboards" */ './routes/dashboards').then((m) => m.AdminPanelRoute),
    ),
  },
  {
    path: '/account/security',
    page: lazyPage('route-account-security', () =>
      import(/* webpackChunkName: "route-account-security" */ './routes/account-security').then(
        (m) => m.AccountSecurityRoute,
      ),
    ),
  },
  {
    path: '/tutor',
    page: lazyPage('route-dashboards', () =>
      import(/* webpackChunkName: "route-dashboards" */ './routes/dashboards').then((m) => m.TutorPortalRoute),
    ),
  },
  {
    path: '*',
    page: lazyPage('route-not-found', () =>
      import(/* webpackChunkName: "route-not-found" */ './routes/not-found').then((m) => m.NotFoundRoute),
    ),
  },
];

/** Shows the route's error screen instead of a blank page when its code fails to download or crashes. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function PageContent({ page }: { page: LazyPage }) {
  return (
    <>
      {createElement(page.loaded ?? use(page.load()))}
      {/* After the page, so a link to a section of a page still downloading scrolls once it is there. */}
      <ScrollToLocation />
    </>
  );
}

function RoutePage({ page }: { page: LazyPage }) {
  // A new location gets a fresh boundary: leaving a failed page shows the next one.
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <PageContent page={page} />
      </Suspense>
    </PageErrorBoundary>
  );
}

/** Every route inside the site's frame. bootstrap.tsx runs it in the browser, render-page.tsx at build time. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {routeTable.map(({ path, page }) => (
          <Route key={path} path={path} element={<RoutePage page={page} />} />
        ))}
      </Route>
    </Routes>
  );
}
