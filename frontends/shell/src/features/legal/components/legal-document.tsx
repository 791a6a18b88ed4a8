import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { PageTitle } from '../../../components/page-title';
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
      <Typography.Title level={1}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">Last updated {lastUpdated}</Typography.Paragraph>
      {intro}
      <nav aria-labelledby="legal-contents" className="legal__contents">
        <Typography.Title level={2} id="legal-contents">
          Contents
        </Typography.Title>
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
          <Typography.Title level={2} id={section.id}>
            {index + 1}. {section.heading}
          </Typography.Title>
          {section.body}
        </section>
      ))}
    </article>
  );
}
