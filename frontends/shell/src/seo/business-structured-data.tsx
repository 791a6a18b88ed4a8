import { publicOrigin } from '../config/origin';
import { socialLinks } from '../config/social';
import { supportEmail } from '../config/support';
import { businessStructuredData } from './structured-data';

/** JSON-LD for the home page; `<` is escaped so no text in it can close the script element. */
export function BusinessStructuredData() {
  const data = businessStructuredData({
    origin: publicOrigin,
    email: supportEmail,
    profiles: socialLinks.map((link) => link.url),
  });
  return <script type="application/ld+json">{JSON.stringify(data).replace(/</g, '\\u003c')}</script>;
}
