import { describe, expect, it } from '@jest/globals';
import { personalDataExportHeader, PrivacyExportDataCategories, privacyExportFileName } from './privacy-export.js';
import { PersonalDataExportSchema } from './privacy-export-schemas.js';
import { ServiceNames } from './subjects.js';

describe('personal data export', () => {
  it('names the file after the day it was made', () => {
    expect(privacyExportFileName(new Date('2026-05-04T23:30:00Z'))).toBe('medpath-data-2026-05-04.json');
  });

  it('heads the file with its version, time, owner, the five services and the policy’s categories', () => {
    const header = personalDataExportHeader(7, new Date('2026-05-04T10:00:00Z'));
    expect(PersonalDataExportSchema.shape.export.parse(header)).toEqual(header);
    expect(header).toMatchObject({ formatVersion: 1, generatedAt: '2026-05-04T10:00:00.000Z', userId: 7 });
    expect(header.services).toEqual([...ServiceNames]);
    expect(header.dataCategories).toHaveLength(PrivacyExportDataCategories.length);
  });

  it('has a section for every service the header lists', () => {
    const sections = Object.keys(PersonalDataExportSchema.shape).filter((key) => key !== 'export');
    expect(sections.sort()).toEqual([...ServiceNames].sort());
  });
});
