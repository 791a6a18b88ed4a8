import type { SessionPackageDto } from '@medtutor/contracts';
import { Flex, Tag } from 'antd';
import { holdReason, refundedHours } from '../utils/hours';

type Pkg = Pick<SessionPackageDto, 'originalHours' | 'totalHours' | 'overdrawnHours' | 'frozenReason'>;

/**
 * Solid tags (white text) dark enough for WCAG AA contrast, unlike antd's light warning/error presets.
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
        <Tag color="#ad4e00" title={hold}>
          On hold
        </Tag>
      )}
      {pkg.overdrawnHours > 0 && <Tag color="#a8071a">Overdrawn by {pkg.overdrawnHours} h</Tag>}
      {refunded > 0 && <Tag>{refunded} h refunded</Tag>}
    </Flex>
  );
}
