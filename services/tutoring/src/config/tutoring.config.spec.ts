import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@medtutor/nest-kit';
import { testActorKeys } from '@medtutor/nest-kit/testing';
import { loadTutoringConfig } from './tutoring.config.js';

const base = {
  ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
  TUTORING_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/medtutor_tutoring',
  MAIL_FROM: 'MedPath Tutors <no-reply@localhost>',
  SUPPORT_EMAIL: 'team@medpath.test',
};

describe('tutoring configuration: retention', () => {
  it('keeps never-bought requests 365 days and mail records 30, in a daily round, unless told otherwise', () => {
    expect(loadTutoringConfig(base).retention).toEqual({ intervalMs: 86_400_000, mailDays: 30, requestsDays: 365 });
    expect(loadTutoringConfig({ ...base, RETENTION_REQUESTS_DAYS: '180' }).retention.requestsDays).toBe(180);
  });

  it('refuses a request period beyond the 12 months the privacy policy promises', () => {
    expect(() => loadTutoringConfig({ ...base, RETENTION_REQUESTS_DAYS: '366' })).toThrow(ConfigError);
    expect(() => loadTutoringConfig({ ...base, RETENTION_REQUESTS_DAYS: '366' })).toThrow(/RETENTION_REQUESTS_DAYS/);
  });
});
