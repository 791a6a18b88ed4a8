import { describe, expect, it } from '@jest/globals';
import type { Role } from './envelope.js';
import { secondFactorEmailText, SecondFactorEmails, secondFactorRequired, secondFactorStage } from './two-factor.js';

const roles: Role[] = ['student', 'tutor', 'admin'];

describe('secondFactorRequired', () => {
  it('requires a second factor of admins and tutors in production, of students never by role', () => {
    expect(roles.map((role) => secondFactorRequired({ role, production: true, enrolmentRequired: false }))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('requires none by role outside production', () => {
    expect(roles.map((role) => secondFactorRequired({ role, production: false, enrolmentRequired: false }))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('requires one of every account an admin reset, in every environment', () => {
    for (const role of roles) {
      for (const production of [true, false]) {
        expect(secondFactorRequired({ role, production, enrolmentRequired: true })).toBe(true);
      }
    }
  });
});

describe('secondFactorStage', () => {
  it('asks for a code whenever the account has a second factor, whatever else holds', () => {
    for (const role of roles) {
      for (const production of [true, false]) {
        for (const enrolmentRequired of [true, false]) {
          expect(secondFactorStage({ role, production, enrolmentRequired, totpEnabled: true })).toBe('verify');
        }
      }
    }
  });

  it('sends a production tutor or admin without one to enrolment, and signs a student straight in', () => {
    const stage = (role: Role) =>
      secondFactorStage({ role, production: true, enrolmentRequired: false, totpEnabled: false });
    expect(roles.map(stage)).toEqual([null, 'enrol', 'enrol']);
  });

  it('sends a reset account to enrolment outside production too', () => {
    expect(secondFactorStage({ role: 'tutor', production: false, enrolmentRequired: true, totpEnabled: false })).toBe(
      'enrol',
    );
    expect(secondFactorStage({ role: 'tutor', production: false, enrolmentRequired: false, totpEnabled: false })).toBe(
      null,
    );
  });
});

describe('second-factor emails', () => {
  it('have a subject and say what changed and what to do if it was not the owner', () => {
    for (const change of Object.keys(SecondFactorEmails) as (keyof typeof SecondFactorEmails)[]) {
      const { subject, paragraphs } = secondFactorEmailText(change);
      expect(subject.length).toBeGreaterThan(10);
      expect(paragraphs).toHaveLength(2);
      expect(paragraphs[1]).toMatch(/reset your password/);
    }
  });
});
