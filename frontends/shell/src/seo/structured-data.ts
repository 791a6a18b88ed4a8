import { packageLabels, packageTypes, subjects } from '../config/catalog';
import { site } from '../config/site';

interface BusinessDetails {
  origin: string;
  email: string;
  profiles: string[];
}

/** schema.org description of the business and its published prices, for search results. */
export const businessStructuredData = ({ origin, email, profiles }: BusinessDetails) => ({
  '@context': 'https://schema.org',
  '@type': 'EducationalOrganization',
  name: site.name,
  description: site.description,
  url: new URL('/', origin).href,
  email,
  areaServed: 'GB',
  ...(profiles.length > 0 && { sameAs: profiles }),
  hasOfferCatalog: {
    '@type': 'OfferCatalog',
    name: 'One-to-one online tutoring',
    itemListElement: subjects.flatMap((subject) =>
      packageTypes.map((packageType) => ({
        '@type': 'Offer',
        name: `${subject.title}: ${packageLabels[packageType]}`,
        url: new URL(subject.path, origin).href,
        price: subject.prices[packageType].toFixed(2),
        priceCurrency: 'GBP',
        availability: subject.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      })),
    ),
  },
});
