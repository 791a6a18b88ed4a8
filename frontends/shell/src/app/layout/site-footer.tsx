import { PageTexts } from '@medtutor/contracts';
import { Link } from 'react-router';
import { subjects } from '../../config/catalog';
import { site } from '../../config/site';
import { socialLinks } from '../../config/social';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div>
          <p className="site-footer__brand">{site.name}</p>
          <p>{PageTexts.tagline}</p>
          <p>One-to-one online tutoring by medical students. 100% online.</p>
        </div>
        <nav aria-label="Subjects">
          <h2 className="site-footer__heading">Subjects</h2>
          <ul>
            {subjects.map((subject) => (
              <li key={subject.path}>
                <Link to={subject.path}>{subject.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="site-footer__heading">Company</h2>
          <ul>
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms" target="_blank" rel="noopener noreferrer">
                Terms and Conditions
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
            </li>
          </ul>
        </nav>
        {socialLinks.length > 0 && (
          <nav aria-label="Social media">
            <h2 className="site-footer__heading">Follow Us</h2>
            <ul className="site-footer__social">
              {socialLinks.map(({ label, url, Icon }) => (
                <li key={label}>
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    <Icon /> {label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      {/* The prerendered year is the build's; the browser's may already be the next one. */}
      <p className="site-footer__legal" suppressHydrationWarning>
        © {new Date().getFullYear()} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
