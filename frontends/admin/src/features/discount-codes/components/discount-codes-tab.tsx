import { CopyOutlined } from '@ant-design/icons';
import { type DiscountCodeDto, DiscountLimits, Notices } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Alert, Button, Card, Col, Flex, Form, InputNumber, Row, Typography } from 'antd';
import { useState } from 'react';
import { createDiscountCode } from '../api/create-discount-code';

const N = Notices.dashboards;

/** Discount Codes: the generator and how customers use a code. */
export function DiscountCodesTab() {
  const notices = useNotices();
  const [amount, setAmount] = useState<number | null>(null);
  const [created, setCreated] = useState<DiscountCodeDto>();
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    setBusy(true);
    try {
      // Empty falls back to the default on the server too; sending it keeps the two in step.
      const code = await createDiscountCode({ discountPrice: amount ?? DiscountLimits.defaultPounds });
      setCreated(code);
      notices.success(N.discountCreated, `${code.code} takes £${code.discountPrice} off a package.`);
    } catch (error) {
      notices.error(N.discountFailedTitle, error, N.discountFailed);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.code);
      notices.success(N.copied, created.code);
    } catch (error) {
      notices.error(N.errorTitle, error, 'Your browser did not allow copying. Select the code and copy it by hand.');
    }
  };

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={12}>
        <Card
          size="small"
          title={
            <Typography.Title level={3} style={{ fontSize: '1rem', margin: 0 }}>
              Generate a code
            </Typography.Title>
          }
        >
          <Form layout="vertical" onFinish={generate}>
            <Form.Item
              label={`Discount in pounds (${DiscountLimits.minPounds} to ${DiscountLimits.maxPounds})`}
              htmlFor="discount-price"
              extra={`Leave empty for £${DiscountLimits.defaultPounds}.`}
            >
              <InputNumber
                id="discount-price"
                min={DiscountLimits.minPounds}
                max={DiscountLimits.maxPounds}
                precision={0}
                step={1}
                prefix="£"
                placeholder={String(DiscountLimits.defaultPounds)}
                value={amount}
                onChange={(value) => setAmount(value)}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              Generate Code
            </Button>
          </Form>
          {created && (
            <Alert
              style={{ marginTop: 16 }}
              type="success"
              showIcon
              title={
                <Flex align="center" gap="small" wrap>
                  <Typography.Text strong code style={{ fontSize: '1.1rem' }} data-testid="discount-code">
                    {created.code}
                  </Typography.Text>
                  <span>worth £{created.discountPrice}</span>
                </Flex>
              }
              action={
                <Button icon={<CopyOutlined />} onClick={copy}>
                  Copy
                </Button>
              }
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card
          size="small"
          title={
            <Typography.Title level={3} style={{ fontSize: '1rem', margin: 0 }}>
              How discount codes work
            </Typography.Title>
          }
        >
          <ol style={{ paddingLeft: '1.25rem', margin: 0 }}>
            <li>Choose the discount in whole pounds and generate a code.</li>
            <li>Copy the code and send it to the student or parent.</li>
            <li>They enter it in the package dialog or at checkout and press Apply.</li>
            <li>The total drops by the code's amount, never below £1; the price is worked out on our server.</li>
            <li>Each code works once. After a successful payment it is marked as used and cannot be applied again.</li>
          </ol>
        </Card>
      </Col>
    </Row>
  );
}
