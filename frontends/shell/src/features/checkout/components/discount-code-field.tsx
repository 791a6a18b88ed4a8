import { normaliseDiscountCode } from '@medtutor/contracts';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';

interface DiscountCodeFieldProps {
  /** The code on the current payment, if any. */
  appliedCode?: string;
  busy: boolean;
  error?: string;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** docs/product.md §5: the code is trimmed and upper-cased, and Apply waits for one. */
export function DiscountCodeField({ appliedCode, busy, error, onApply, onRemove }: DiscountCodeFieldProps) {
  const [draft, setDraft] = useState('');
  const code = normaliseDiscountCode(draft);

  return (
    <div className="checkout__discount">
      <label htmlFor="checkout-discount-code" className="checkout__label">
        Discount code
      </label>
      {appliedCode ? (
        <Flex gap="small" align="center" wrap>
          <Typography.Text>
            Code <strong>{appliedCode}</strong> applied
          </Typography.Text>
          <Button onClick={onRemove} loading={busy}>
            Remove
          </Button>
        </Flex>
      ) : (
        <Flex gap="small">
          <Input
            id="checkout-discount-code"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={() => code && !busy && onApply(code)}
            autoComplete="off"
            maxLength={64}
            aria-describedby="checkout-discount-error"
            aria-invalid={error ? true : undefined}
          />
          <Button onClick={() => onApply(code)} disabled={!code} loading={busy}>
            Apply
          </Button>
        </Flex>
      )}
      <div id="checkout-discount-error" aria-live="polite">
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </div>
    </div>
  );
}
