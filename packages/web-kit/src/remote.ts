import type { UserDto } from '@medtutor/contracts';

/** The admin remote's two back-office pages: /admin-dashboard and /admin (docs/product.md §2). */
export type AdminView = 'dashboard' | 'panel';

/**
 * The props of each module the remotes expose, keyed by the name the shell loads it by
 * (`<remote>/<exposed module>`). The shell renders them with these props and each remote's root
 * component takes them, so host and remotes cannot drift apart.
 */
export interface RemoteRootProps {
  'student/App': {
    user: UserDto;
    /** After the student erased their account (issue 26): the shell forgets the session, says so and goes home. */
    onAccountDeleted: () => Promise<void>;
  };
  'admin/App': {
    user: UserDto;
    view: AdminView;
    /** The shell's logout: ends the session and shows the notice; the shell then leaves the page. */
    onLogout: () => Promise<void>;
  };
  /** The tutor portal (/tutor): its own module, so it loads none of the back office. */
  'admin/TutorPortal': { user: UserDto; onLogout: () => Promise<void> };
}

export type RemoteModule = keyof RemoteRootProps;
