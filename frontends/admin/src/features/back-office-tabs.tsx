import { Badge, Flex, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { DiscountCodesTab } from './discount-codes/components/discount-codes-tab';
import { OverviewTab } from './overview/components/overview-tab';
import { PaymentsTab } from './payments/components/payments-tab';
import { PayslipsTab } from './payslips/components/payslips-tab';
import { usePayslips } from './payslips/api/get-payslips';
import { pendingReview } from './payslips/utils/payslip-lists';
import { StudentsTab } from './students/components/students-tab';
import { usePendingTestimonials } from './testimonials/api/get-pending-testimonials';
import { TestimonialsTab } from './testimonials/components/testimonials-tab';
import { TutorsTab } from './tutors/components/tutors-tab';

/** A tab label with its count badge; the count is also spoken, since a badge alone is only seen. */
function CountLabel({ label, count, what }: { label: string; count: number | undefined; what: string }) {
  return (
    <Flex gap={8} align="center">
      <span>{label}</span>
      {count !== undefined && count > 0 && (
        <Badge count={count} aria-label={`${count} ${what}`} style={{ boxShadow: 'none' }} />
      )}
    </Flex>
  );
}

const panel = (children: ReactNode) => <div style={{ paddingTop: 8 }}>{children}</div>;

/** /admin-dashboard: the spec's four tabs, then Payments (refunds, issue 16) and the Overview. */
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
