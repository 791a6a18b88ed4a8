import { PackageTypes, Packages, minorToMajor, quote } from '@medtutor/contracts';
import { subjects } from '../config/catalog';
import { site } from '../config/site';

interface BusinessDetails {
  origin: string;
  email: string;
  profiles: string[];
}

/**
 * schema.org description of the business and its published prices, for search results. Each offer's
 * price is the server's quote in GBP (minor units to a plain decimal), the amount checkout charges.
 */
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
      PackageTypes.map((packageType) => ({
        '@type': 'Offer',
        name: `${subject.title}: ${Packages[packageType].name}`,
        url: new URL(subject.path, origin).href,
        price: minorToMajor(quote({ subject: subject.title, packageType, currency: 'GBP' }).amountMinor, 'GBP'),
        priceCurrency: 'GBP',
        availability: subject.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      })),
    ),
  },
});
