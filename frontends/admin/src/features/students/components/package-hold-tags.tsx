import type { PackageDto } from '@medtutor/contracts';
import { Flex, Tag } from '@medtutor/web-kit/ui';
import { holdReason, refundedHours } from '../utils/hours';

/** antd's filled Tag with a colour of its own: the colour as text on a light tint of it. */
export const tinted = (color: string) => ({ color, background: `${color}1f` });

type Pkg = Pick<PackageDto, 'originalHours' | 'totalHours' | 'overdrawnHours' | 'frozenReason'>;

/**
 * Tags whose text is dark enough for WCAG AA contrast, unlike antd's warning/error presets.
 * What money after the sale did to a package (issue 16): on hold while a payment dispute is open,
 * overdrawn when a refund wanted back hours already used (an admin settles those), hours refunded.
 */
export function PackageHoldTags({ pkg }: { pkg: Pkg }) {
  const hold = holdReason(pkg);
  const refunded = refundedHours(pkg);
  if (!hold && pkg.overdrawnHours <= 0 && refunded <= 0) return null;
  return (
    <Flex gap={4} wrap style={{ marginTop: 4 }}>
      {hold && (
        // The reason on hover: a table cell has no room for the sentence, and the tag says enough.
        <Tag color="default" title={hold} style={tinted('#ad4e00')}>
          On hold
        </Tag>
      )}
      {pkg.overdrawnHours > 0 && (
        <Tag color="default" style={tinted('#a8071a')}>
          Overdrawn by {pkg.overdrawnHours} h
        </Tag>
      )}
      {refunded > 0 && <Tag color="default">{refunded} h refunded</Tag>}
    </Flex>
  );
}
