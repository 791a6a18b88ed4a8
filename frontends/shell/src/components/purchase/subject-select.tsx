import type { CatalogDto, CatalogSubject } from '@medtutor/contracts';
import { Select } from 'antd';

interface SubjectSelectProps {
  id: string;
  catalog: CatalogDto;
  value?: CatalogSubject;
  onChange: (subject: CatalogSubject) => void;
}

/** The subjects on sale; an unavailable one (UCAT) is listed but cannot be chosen. */
export function SubjectSelect({ id, catalog, value, onChange }: SubjectSelectProps) {
  return (
    <Select<CatalogSubject>
      id={id}
      value={value}
      onChange={onChange}
      placeholder="Choose a subject"
      options={catalog.subjects.map((subject) => ({
        value: subject.name,
        label: subject.available ? subject.name : `${subject.name} (Currently Unavailable)`,
        disabled: !subject.available,
      }))}
    />
  );
}
