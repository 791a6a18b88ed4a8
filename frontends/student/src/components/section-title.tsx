import { Title } from '@medtutor/web-kit/ui';
import type { ReactNode } from 'react';

/** Card and section headings share one level so the page outline stays h1 → h2 → h3. */
export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Title level={2} id={id} style={{ margin: 0, fontSize: '1.2rem' }}>
      {children}
    </Title>
  );
}
