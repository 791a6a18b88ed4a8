import { type AdminPaymentDetail, AdminPaymentsLimits, formatMinor, RefundMessages } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { zodRule } from '@medtutor/web-kit/zod-rule';
import { Alert, Button, Form, Input, Popconfirm } from 'antd';
import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { BackOfficeNotices } from '../../../lib/messages';
import { refundPayment } from '../api/refund-payment';
import { studentOf } from '../utils/format';
import { refundAmountLabel, toMajorUnits, toMinorUnits } from '../utils/money';
import { notRefundableReason, refundFormSchema, type RefundFormValues } from '../utils/refund-form';

/**
 * Refund all or part of a payment. The admin types the amount in the currency's major unit; it is
 * sent in minor units, or left out to refund all that is left. The server decides again (what is
 * left, an open dispute) and its words are shown when it refuses.
 */
export function RefundForm({ payment }: { payment: AdminPaymentDetail }) {
  const [form] = Form.useForm<RefundFormValues>();
  const notices = useNotices();
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const schema = useMemo(
    () => refundFormSchema({ currency: payment.currency, refundableAmount: payment.refundableAmount }),
    [payment.currency, payment.refundableAmount],
  );
  const typed = Form.useWatch('amount', form);
  const blocked = notRefundableReason(payment);
  const student = studentOf(payment);
  const amount = refundAmountLabel(toMinorUnits(typed, payment.currency), payment.refundableAmount, payment.currency);
  const left = formatMinor(payment.refundableAmount, payment.currency);
  const rule = (field: keyof RefundFormValues) => [zodRule(schema, field)];

  const send = async () => {
    const body = schema.parse(form.getFieldsValue(true));
    setSaving(true);
    try {
      await refundPayment(payment.paymentId, body, mutate);
      notices.success(RefundMessages.refundRequested, `${amount} to ${student}`);
      form.resetFields();
    } catch (error) {
      notices.error(BackOfficeNotices.refundFailed, error);
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  };

  return (
    <>
      {blocked && <Alert type="info" showIcon title={blocked} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        // Field ids become refund_amount and refund_reason: unique on a page where other tabs' forms stay mounted.
        name="refund"
        layout="vertical"
        disabled={blocked !== null || saving}
        // Valid fields open the confirmation; the refund goes only once it is confirmed.
        onFinish={() => setConfirming(true)}
      >
        <Form.Item
          name="amount"
          label="Refund amount"
          rules={rule('amount')}
          extra={blocked ? undefined : `In ${payment.currency}. Leave blank to refund all that is left: ${left}.`}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            suffix={payment.currency}
            placeholder={blocked ? undefined : toMajorUnits(payment.refundableAmount, payment.currency)}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="Reason"
          rules={rule('reason')}
          required
          extra="Quoted in the student's email and the hours ledger."
        >
          <Input.TextArea rows={2} maxLength={AdminPaymentsLimits.reasonMax} />
        </Form.Item>
        <Popconfirm
          title={`Refund ${amount} to ${student}?`}
          description="The hours follow once the payment provider confirms."
          open={confirming}
          // Only the form opens it (after validation); a click outside or No closes it.
          onOpenChange={(open) => {
            if (!open) setConfirming(false);
          }}
          onConfirm={send}
          okText="Yes"
          cancelText="No"
          okButtonProps={{ loading: saving, danger: true }}
        >
          <Button type="primary" danger htmlType="submit" loading={saving}>
            Refund
          </Button>
        </Popconfirm>
      </Form>
    </>
  );
}
