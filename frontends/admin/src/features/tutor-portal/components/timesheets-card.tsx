import type { TutorStudentPackageDto } from '@medtutor/contracts';
import { ValidationMessages } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { BackOfficeNotices } from '../../../lib/messages';
import type { PayslipDto as Payslip } from '@medtutor/contracts';
import { StatusTag, weekOf } from '../../payslips/components/payslips-tab';
import { createTutorPayslip } from '../api/create-tutor-payslip';
import { useTutorLedgers } from '../api/get-tutor-ledgers';
import { useTutorPayslips } from '../api/get-tutor-payslips';
import { submitTutorPayslip } from '../api/submit-tutor-payslip';
import { currentWeekStart, loggedInWeek } from '../utils/timesheet';
import { weekStartOf } from '../../overview/utils/aggregate';

const heading = (text: string) => (
  <Typography.Title level={2} style={{ fontSize: '1.125rem', margin: 0 }}>
    {text}
  </Typography.Title>
);

/** The tutor's weekly timesheets: this week's hours prefilled from logged sessions, then submitted. */
export function TimesheetsCard({ packages, labelOf }: { packages: TutorStudentPackageDto[]; labelOf: (pkg: TutorStudentPackageDto) => string }) {
  const notices = useNotices();
  const payslips = useTutorPayslips();
  const ledgers = useTutorLedgers(packages.map((pkg) => pkg.id));
  const [week, setWeek] = useState(currentWeekStart());
  const logged = useMemo(
    () =>
      loggedInWeek(
        packages.map((pkg) => ({ pkg, label: labelOf(pkg), ledger: ledgers.data?.get(pkg.id) ?? [] })),
        week,
      ),
    [packages, labelOf, ledgers.data, week],
  );
  const [hours, setHours] = useState<number | null>(null);
  const [studentNotes, setStudentNotes] = useState('');
  const [additionalNotes, setAdditionalNotes] = useState('');
  const [problem, setProblem] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // The prefill follows the chosen week and the sessions logged in it until the tutor edits it.
  useEffect(() => {
    setHours(logged.hours);
    setStudentNotes(logged.studentNotes);
  }, [logged.hours, logged.studentNotes]);

  const existing = payslips.data?.find((payslip) => payslip.weekStarting.slice(0, 10) === week);

  const submitWeek = async () => {
    const found: Record<string, string> = {};
    if (!week) found.week = ValidationMessages.weekStartingRequired;
    if (hours === null) found.hours = ValidationMessages.hoursWorkedRequired;
    setProblem(found);
    if (Object.keys(found).length > 0 || hours === null) return;
    setBusy(true);
    try {
      const draft =
        existing ??
        (await createTutorPayslip({
          weekStarting: week,
          hoursWorked: hours,
          studentNotes: studentNotes.trim() || null,
          additionalNotes: additionalNotes.trim() || null,
        }));
      await submitTutorPayslip(draft.id);
      notices.success(BackOfficeNotices.timesheetSubmitted, BackOfficeNotices.timesheetSubmittedDetail);
    } catch (error) {
      notices.error(BackOfficeNotices.timesheetFailed, error, BackOfficeNotices.timesheetFailed);
    } finally {
      setBusy(false);
    }
  };

  const submitDraft = async (payslip: Payslip) => {
    setBusy(true);
    try {
      await submitTutorPayslip(payslip.id);
      notices.success(BackOfficeNotices.timesheetSubmitted, BackOfficeNotices.timesheetSubmittedDetail);
    } catch (error) {
      notices.error(BackOfficeNotices.timesheetFailed, error, BackOfficeNotices.timesheetFailed);
    } finally {
      setBusy(false);
    }
  };

  const locked = existing !== undefined && existing.status !== 'draft';

  return (
    <Card title={heading('Weekly timesheets')}>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Form layout="vertical" onFinish={submitWeek}>
            <Form.Item label="Week starting (Monday)" htmlFor="timesheet-week" required validateStatus={problem.week ? 'error' : undefined} help={problem.week}>
              <Input id="timesheet-week" type="date" value={week} onChange={(event) => setWeek(event.target.value ? weekStartOf(`${event.target.value}T00:00:00Z`) : '')} />
            </Form.Item>
            <Form.Item
              label="Hours worked"
              htmlFor="timesheet-hours"
              required
              validateStatus={problem.hours ? 'error' : undefined}
              help={problem.hours ?? `Prefilled from the ${logged.hours} hours you logged this week.`}
            >
              <InputNumber id="timesheet-hours" min={0} max={999.9} step={0.5} precision={1} value={hours} onChange={setHours} disabled={existing !== undefined} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="Students tutored" htmlFor="timesheet-students">
              <Input.TextArea id="timesheet-students" rows={3} value={studentNotes} onChange={(event) => setStudentNotes(event.target.value)} disabled={existing !== undefined} />
            </Form.Item>
            <Form.Item label="Additional notes" htmlFor="timesheet-notes">
              <Input.TextArea id="timesheet-notes" rows={2} value={additionalNotes} onChange={(event) => setAdditionalNotes(event.target.value)} disabled={existing !== undefined} />
            </Form.Item>
            <Flex gap="small" align="center" wrap>
              <Button type="primary" htmlType="submit" loading={busy} disabled={locked}>
                Submit Week
              </Button>
              {existing && (
                <span>
                  This week: <StatusTag status={existing.status} />
                </span>
              )}
            </Flex>
          </Form>
        </Col>
        <Col xs={24} lg={14}>
          <QueryState
            data={payslips.data}
            error={payslips.error}
            isLoading={payslips.isLoading}
            label="timesheets"
            empty="No timesheets yet."
            onRetry={() => void payslips.mutate()}
          >
            {(list) => (
              <Table
                size="small"
                rowKey="id"
                scroll={{ x: true }}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={list}
                columns={[
                  { title: 'Week starting', dataIndex: 'weekStarting', render: weekOf },
                  { title: 'Hours', dataIndex: 'hoursWorked', render: (value: number) => value.toFixed(1) },
                  { title: 'Status', dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
                  {
                    title: 'Actions',
                    key: 'actions',
                    render: (_, payslip) =>
                      payslip.status === 'draft' ? (
                        <Button size="small" onClick={() => submitDraft(payslip)} disabled={busy} aria-label={`Submit timesheet for the week of ${weekOf(payslip.weekStarting)}`}>
                          Submit
                        </Button>
                      ) : null,
                  },
                ]}
              />
            )}
          </QueryState>
        </Col>
      </Row>
    </Card>
  );
}
