import type { PayslipDto as Payslip, PayslipWeekDto, SavePayslipBody } from '@medtutor/contracts';
import { PayrollMessages, PayslipLimits, ValidationMessages, mondayOf } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Table, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { BackOfficeNotices } from '../../../lib/messages';
import { PayslipStatusTag, weekOf } from '../../payslips';
import { usePayslipWeek } from '../api/get-payslip-week';
import { useTutorPayslips } from '../api/get-tutor-payslips';
import { saveTutorPayslip } from '../api/save-tutor-payslip';
import { submitTutorPayslip } from '../api/submit-tutor-payslip';
import { currentWeekStart } from '../utils/timesheet';

const heading = (text: string) => (
  <Typography.Title level={2} style={{ fontSize: '1.125rem', margin: 0 }}>
    {text}
  </Typography.Title>
);

/**
 * The tutor's weekly timesheets. The server prefills a week from the sessions the tutor logged in it;
 * the tutor saves a draft, edits it while it is one, then submits it for review.
 */
export function TimesheetsCard() {
  const notices = useNotices();
  const payslips = useTutorPayslips();
  const [week, setWeek] = useState(currentWeekStart());
  const prefill = usePayslipWeek(week);
  const existing = prefill.data?.payslip ?? null;
  const [hours, setHours] = useState<number | null>(null);
  const [studentNotes, setStudentNotes] = useState('');
  const [additionalNotes, setAdditionalNotes] = useState('');
  const [problem, setProblem] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // The form follows the chosen week, reset during render when a new week arrives: its timesheet if
  // there is one, else the sessions logged in it.
  const [shown, setShown] = useState<PayslipWeekDto>();
  if (prefill.data && prefill.data !== shown) {
    const { payslip, loggedHours, loggedStudentNotes } = prefill.data;
    setShown(prefill.data);
    setHours(payslip ? payslip.hoursWorked : loggedHours);
    setStudentNotes((payslip ? payslip.studentNotes : loggedStudentNotes) ?? '');
    setAdditionalNotes(payslip?.additionalNotes ?? '');
  }

  const locked = existing !== null && existing.status !== 'draft';

  const draftBody = (): SavePayslipBody | null => {
    const found: Record<string, string> = {};
    if (!week) found.week = ValidationMessages.weekStartingRequired;
    if (hours === null) found.hours = ValidationMessages.hoursWorkedRequired;
    setProblem(found);
    if (Object.keys(found).length > 0 || hours === null) return null;
    return {
      weekStarting: week,
      hoursWorked: hours,
      studentNotes: studentNotes.trim() || null,
      additionalNotes: additionalNotes.trim() || null,
    };
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notices.error(BackOfficeNotices.timesheetFailed, error, BackOfficeNotices.timesheetFailed);
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = () => {
    const body = draftBody();
    if (!body) return;
    void run(async () => {
      await saveTutorPayslip(body);
      notices.success(PayrollMessages.timesheetSaved);
    });
  };

  // Submitting saves the form first, so what the admin reviews is what the tutor sees.
  const submitWeek = () => {
    const body = draftBody();
    if (!body) return;
    void run(async () => {
      const draft = await saveTutorPayslip(body);
      await submitTutorPayslip(draft.id, draft.weekStarting);
      notices.success(BackOfficeNotices.timesheetSubmitted, BackOfficeNotices.timesheetSubmittedDetail);
    });
  };

  const submitDraft = (payslip: Payslip) =>
    void run(async () => {
      await submitTutorPayslip(payslip.id, payslip.weekStarting);
      notices.success(BackOfficeNotices.timesheetSubmitted, BackOfficeNotices.timesheetSubmittedDetail);
    });

  return (
    <Card title={heading('Weekly timesheets')}>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Form layout="vertical" onFinish={submitWeek}>
            <Form.Item
              label="Week starting (Monday)"
              htmlFor="timesheet-week"
              required
              validateStatus={problem.week ? 'error' : undefined}
              help={problem.week}
            >
              <Input
                id="timesheet-week"
                type="date"
                value={week}
                onChange={(event) => setWeek(event.target.value ? mondayOf(event.target.value) : '')}
              />
            </Form.Item>
            <Form.Item
              label="Hours worked"
              htmlFor="timesheet-hours"
              required
              validateStatus={problem.hours ? 'error' : undefined}
              help={
                problem.hours ??
                (prefill.data ? `You logged ${prefill.data.loggedHours} hours of sessions this week.` : undefined)
              }
            >
              <InputNumber
                id="timesheet-hours"
                min={0}
                max={PayslipLimits.hoursMax}
                step={0.5}
                precision={1}
                value={hours}
                onChange={setHours}
                disabled={locked}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Form.Item label="Students tutored" htmlFor="timesheet-students">
              <Input.TextArea
                id="timesheet-students"
                rows={3}
                value={studentNotes}
                onChange={(event) => setStudentNotes(event.target.value)}
                disabled={locked}
              />
            </Form.Item>
            <Form.Item label="Additional notes" htmlFor="timesheet-notes">
              <Input.TextArea
                id="timesheet-notes"
                rows={2}
                value={additionalNotes}
                onChange={(event) => setAdditionalNotes(event.target.value)}
                disabled={locked}
              />
            </Form.Item>
            <Flex gap="small" align="center" wrap>
              <Button onClick={saveDraft} loading={busy} disabled={locked || !prefill.data}>
                Save Draft
              </Button>
              <Button type="primary" htmlType="submit" loading={busy} disabled={locked || !prefill.data}>
                Submit Week
              </Button>
              {existing && (
                <span>
                  This week: <PayslipStatusTag status={existing.status} />
                </span>
              )}
            </Flex>
            {prefill.error !== undefined && (
              <Typography.Text type="danger" role="alert">
                {prefill.error instanceof Error ? prefill.error.message : String(prefill.error)}
              </Typography.Text>
            )}
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
                  {
                    title: 'Status',
                    dataIndex: 'status',
                    render: (status: string) => <PayslipStatusTag status={status} />,
                  },
                  {
                    title: 'Actions',
                    key: 'actions',
                    render: (_, payslip) =>
                      payslip.status === 'draft' ? (
                        <Button
                          size="small"
                          onClick={() => submitDraft(payslip)}
                          disabled={busy}
                          aria-label={`Submit timesheet for the week of ${weekOf(payslip.weekStarting)}`}
                        >
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
