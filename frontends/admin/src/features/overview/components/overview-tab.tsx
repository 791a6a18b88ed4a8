import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Typography } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryState } from '../../../components/query-state';
import { usePayslips } from '../../payslips';
import { useAdminUsers } from '../../students';
import { hoursSoldVsUsed, trialFunnel } from '../utils/aggregate';
import { downloadCsv, payslipRows, studentRows, toCsv } from '../utils/csv';
import { PaymentConflictsAlert } from './payment-conflicts-alert';
import { RevenueByWeekCard } from './revenue-by-week-card';

const heading = (text: string) => (
  <Typography.Title level={3} style={{ fontSize: '1rem', margin: 0 }}>
    {text}
  </Typography.Title>
);

const stamp = () => new Date().toISOString().slice(0, 10);

/** Overview: revenue from catalog-payments, figures computed from the admin lists, CSV exports of students and payslips. */
export function OverviewTab() {
  const users = useAdminUsers();
  const payslips = usePayslips();

  return (
    <Flex vertical gap="large">
      <PaymentConflictsAlert />
      <Flex gap="small" wrap>
        <Button
          icon={<DownloadOutlined />}
          disabled={!users.data}
          onClick={() => users.data && downloadCsv(`students-${stamp()}.csv`, toCsv(studentRows(users.data)))}
        >
          Export Students (CSV)
        </Button>
        <Button
          icon={<DownloadOutlined />}
          disabled={!payslips.data}
          onClick={() => payslips.data && downloadCsv(`payslips-${stamp()}.csv`, toCsv(payslipRows(payslips.data)))}
        >
          Export Payslips (CSV)
        </Button>
      </Flex>
      <RevenueByWeekCard title={heading('Revenue by week')} />
      <QueryState
        data={users.data}
        error={users.error}
        isLoading={users.isLoading}
        label="student figures"
        empty="No students yet, so there is nothing to chart."
        onRetry={() => void users.mutate()}
      >
        {(list) => {
          const subjects = hoursSoldVsUsed(list);
          const funnel = trialFunnel(list);
          return (
            <Row gutter={[24, 24]}>
              <Col xs={24} lg={12}>
                <Card size="small" title={heading('Hours sold vs used')}>
                  {subjects.length === 0 ? (
                    <Empty description="No packages sold yet." />
                  ) : (
                    <figure style={{ margin: 0 }} aria-label="Hours sold (net of refunds) and used per subject">
                      <ResponsiveContainer width="100%" height={300}>
                        <BarChart data={subjects}>
                          <CartesianGrid strokeDasharray="3 3" />
                          <XAxis dataKey="subject" />
                          <YAxis allowDecimals={false} />
                          <Tooltip />
                          <Legend />
                          <Bar dataKey="sold" name="Hours sold" fill="#0f5fa8" />
                          <Bar dataKey="used" name="Hours used" fill="#d46b08" />
                          {subjects.some((subject) => subject.takenBack > 0) && (
                            <Bar dataKey="takenBack" name="Hours taken back by refunds" fill="#8c8c8c" />
                          )}
                        </BarChart>
                      </ResponsiveContainer>
                    </figure>
                  )}
                </Card>
              </Col>
              <Col xs={24} lg={12}>
                <Card size="small" title={heading('Free trial to paid students')}>
                  <Row gutter={[16, 16]}>
                    <Col xs={12}>
                      <Statistic title="Registered students" value={funnel.students} />
                    </Col>
                    <Col xs={12}>
                      <Statistic title="Took the free trial" value={funnel.trialTaken} />
                    </Col>
                    <Col xs={12}>
                      <Statistic title="Trial, then bought a package" value={funnel.trialThenPaid} />
                    </Col>
                    <Col xs={12}>
                      <Statistic title="Bought a package" value={funnel.paid} />
                    </Col>
                  </Row>
                  <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                    Counted from registered students; free-trial requests from visitors without an account are not
                    included.
                  </Typography.Paragraph>
                </Card>
              </Col>
            </Row>
          );
        }}
      </QueryState>
    </Flex>
  );
}
