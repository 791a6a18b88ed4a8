import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { site } from '../../config/site';
import { useSession } from '../../features/auth/hooks/use-session';
import { dashboardLabelFor, dashboardPathFor } from '../../features/auth/utils/access';
import { Button, CloseIcon, MenuIcon } from '@medtutor/web-kit/ui';
import { sectionLinks } from './nav-links';

function AccountActions({ stacked }: { stacked: boolean }) {
  const { user, isLoading, logout } = useSession();
  const [leaving, setLeaving] = useState(false);
  const size = stacked ? 'large' : 'middle';

  if (isLoading || user === null) {
    // Until the session is known (and so in the prerendered HTML) the signed-out links hold their
    // place unseen: a signed-in user never sees Login flash by, and nothing moves when they appear.
    const pending = isLoading ? ' site-account__pending' : '';
    return (
      <>
        <Link to="/auth" className={`nav-link${pending}`}>
          Login
        </Link>
        <Link to="/#contact" className={`nav-cta${pending}`}>
          Book Session
        </Link>
      </>
    );
  }

  const signOut = async () => {
    setLeaving(true);
    await logout();
    setLeaving(false);
  };

  return (
    <>
      <Link to={dashboardPathFor(user)} className="nav-link">
        {dashboardLabelFor(user)}
      </Link>
      <Button size={size} onClick={signOut} loading={leaving}>
        Logout
      </Button>
    </>
  );
}

export function SiteHeader() {
  const location = useLocation();
  // The menu belongs to the location it was opened at: any navigation, even to a section of the
  // same page, closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === location.key;
  const links = sectionLinks(location.pathname === '/');
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu from anywhere in the page and hands the focus back to its toggle
  // (WAI-ARIA disclosure pattern), so a keyboard user is not left inside a menu that disappeared.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-logo">
          {site.name}
        </Link>
        <nav aria-label="Main" className="site-nav site-nav--desktop">
          <ul>
            {links.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="nav-link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-account site-account--desktop">
          <AccountActions stacked={false} />
        </div>
        <Button
          ref={toggleRef}
          className="menu-toggle"
          variant="text"
          icon={menuOpen ? <CloseIcon /> : <MenuIcon />}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setOpenAt(menuOpen ? null : location.key)}
        />
      </div>
      <nav id="mobile-menu" aria-label="Mobile" className="site-nav site-nav--mobile" hidden={!menuOpen}>
        <ul>
          {links.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className="nav-link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="site-account site-account--mobile">
          <AccountActions stacked />
        </div>
      </nav>
    </header>
  );
}
