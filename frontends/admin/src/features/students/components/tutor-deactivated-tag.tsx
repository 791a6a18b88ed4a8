import { type AdminPackageDto, TutorDeactivationMessages } from '@medtutor/contracts';
import { Tag } from '@medtutor/web-kit/ui';
import { tinted } from './package-hold-tags';

/**
 * Issue 24: the package's tutor (primary or secondary) was deactivated, so it has nobody to teach it
 * until an admin reassigns it; the hint says so on hover.
 */
export function TutorDeactivatedTag({ pkg }: { pkg: Pick<AdminPackageDto, 'tutorDeactivated'> }) {
  if (!pkg.tutorDeactivated) return null;
  return (
    <div style={{ marginTop: 4 }}>
      <Tag color="default" title={TutorDeactivationMessages.reassignHint} style={tinted('#a8071a')}>
        {TutorDeactivationMessages.reassignTag}
      </Tag>
    </div>
  );
}
