import { useLocation } from 'react-router';
import { publicOrigin } from '../config/origin';
import { site } from '../config/site';

interface PageTitleProps {
  title?: string;
  description?: string;
}

/**
 * The page's title, description and Open Graph tags. React hoists them into <head> and removes them
 * when the page unmounts, so every route announces itself to browsers, search engines and link previews.
 */
export function PageTitle({ title, description = site.description }: PageTitleProps) {
  const { pathname } = useLocation();
  const fullTitle = title ? `${title} | ${site.name}` : `${site.name} | Medical School Tutoring`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={new URL(pathname, publicOrigin).href} />
    </>
  );
}
