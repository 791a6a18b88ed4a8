import { Badge, Flex, Tabs } from '@medtutor/web-kit/ui';
import { type ReactNode, Suspense, lazy } from 'react';
import { Loading } from '../components/query-state';
import { lazyUnderAntd } from '../lib/lazy-antd';
import { usePayslips } from '../features/payslips/api/get-payslips';
import { pendingReview } from '../features/payslips/utils/payslip-lists';
import { usePendingTestimonials } from '../features/testimonials/api/get-pending-testimonials';

// Each tab's code loads when the tab is first opened: the kit's Tabs renders a panel only once it has
// been active. Student Management is drawn with the kit; the other tabs (their tables, forms and
// charts) with antd, which loads with them.
const StudentsTab = lazy(() =>
  import('../features/students/components/students-tab').then((module) => ({ default: module.StudentsTab })),
);
const TestimonialsTab = lazyUnderAntd(() =>
  import('../features/testimonials/components/testimonials-tab').then((module) => module.TestimonialsTab),
);
const DiscountCodesTab = lazyUnderAntd(() =>
  import('../features/discount-codes/components/discount-codes-tab').then((module) => module.DiscountCodesTab),
);
const PayslipsTab = lazyUnderAntd(() =>
  import('../features/payslips/components/payslips-tab').then((module) => module.PayslipsTab),
);
const PaymentsTab = lazyUnderAntd(() =>
  import('../features/payments/components/payments-tab').then((module) => module.PaymentsTab),
);
const OverviewTab = lazyUnderAntd(() =>
  import('../features/overview/components/overview-tab').then((module) => module.OverviewTab),
);
// Issue 25: the week grid, the session drawer and the free-trial form load with the tab; a tutor's
// availability editor loads when the admin opens it there (it renders inside the tab's antd root).
const TutorAvailabilityEditor = lazy(() =>
  import('../features/availability').then((module) => ({ default: module.AvailabilityEditor })),
);
const BookingsCalendarTab = lazyUnderAntd(() =>
  import('../features/bookings-calendar/components/bookings-calendar-tab').then((module) => module.BookingsCalendarTab),
);
const TutorsTab = lazyUnderAntd(() =>
  import('../features/tutors/components/tutors-tab').then((module) => module.TutorsTab),
);

/** A tab label with its count badge; the count is also spoken, since a badge alone is only seen. */
function CountLabel({ label, count, what }: { label: string; count: number | undefined; what: string }) {
  return (
    <Flex gap={8} align="center">
      <span>{label}</span>
      {count !== undefined && <Badge count={count} label={`${count} ${what}`} />}
    </Flex>
  );
}

const panel = (children: ReactNode) => (
  <div style={{ paddingTop: 8 }}>
    <Suspense fallback={<Loading label="Loading" />}>{children}</Suspense>
  </div>
);

/** /admin-dashboard: the spec's four tabs, then Bookings (issue 25), Payments (refunds, issue 16) and the Overview. */
export function DashboardTabs() {
  const pending = usePendingTestimonials();
  const payslips = usePayslips();
  const pendingPayslips = payslips.data ? pendingReview(payslips.data).length : undefined;
  return (
    <Tabs
      items={[
        { key: 'students', label: 'Student Management', children: panel(<StudentsTab />) },
        {
          key: 'testimonials',
          label: <CountLabel label="Testimonials" count={pending.data?.length} what="pending" />,
          children: panel(<TestimonialsTab />),
        },
        { key: 'discount-codes', label: 'Discount Codes', children: panel(<DiscountCodesTab />) },
        {
          key: 'payslips',
          label: <CountLabel label="Payslips" count={pendingPayslips} what="pending review" />,
          children: panel(<PayslipsTab />),
        },
        {
          key: 'bookings',
          label: 'Bookings',
          children: panel(
            <BookingsCalendarTab
              availabilityEditor={(tutorId) => (
                <Suspense fallback={<Loading label="Loading the availability…" />}>
                  <TutorAvailabilityEditor tutorId={tutorId} />
                </Suspense>
              )}
            />,
          ),
        },
        { key: 'payments', label: 'Payments', children: panel(<PaymentsTab />) },
        { key: 'overview', label: 'Overview', children: panel(<OverviewTab />) },
      ]}
    />
  );
}

/** /admin: the tutor directory and testimonial reviews. */
export function PanelTabs() {
  const pending = usePendingTestimonials();
  return (
    <Tabs
      items={[
        { key: 'tutors', label: 'Tutor Management', children: panel(<TutorsTab />) },
        {
          key: 'testimonial-reviews',
          label: <CountLabel label="Testimonial Reviews" count={pending.data?.length} what="pending" />,
          children: panel(<TestimonialsTab />),
        },
      ]}
    />
  );
}
