import type { UserDto } from '@medtutor/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { useSession } from '../hooks/use-session';
import { type ProtectedArea, checkAreaAccess } from '../utils/access';

/** docs/product.md §2: a spinner while the session loads, then the page or a redirect. */
export function ProtectedRoute({ area, children }: { area: ProtectedArea; children: (user: UserDto) => ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();

  if (isLoading) {
    return (
      <div className="page-slot">
        <PageSpinner label="Checking your session…" />
      </div>
    );
  }
  const access = checkAreaAccess(user, area, location.pathname + location.search);
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  return children(access.user);
}
