import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { Paragraph, Title } from '@medtutor/web-kit/ui';
import './legal-document.css';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  description: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** A policy page: title, date, a table of contents linking to each numbered section, then the sections. */
export function LegalDocument({ title, description, lastUpdated, intro, sections }: LegalDocumentProps) {
  return (
    <article className="page page--prose prose legal">
      <PageTitle title={title} description={description} />
      <Title level={1}>{title}</Title>
      <Paragraph type="secondary">Last updated {lastUpdated}</Paragraph>
      {intro}
      <nav aria-labelledby="legal-contents" className="legal__contents">
        <Title level={2} id="legal-contents">
          Contents
        </Title>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <Title level={2} id={section.id}>
            {index + 1}. {section.heading}
          </Title>
          {section.body}
        </section>
      ))}
    </article>
  );
}
