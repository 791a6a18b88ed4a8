import { type Actor, ErrorCodes, ServerMessages } from '@medtutor/contracts';
import { DomainError } from '../errors/domain-error.js';
import { requireActor, requireRole } from './roles.js';

const admin: Actor = { userId: 1, role: 'admin' };
const tutor: Actor = { userId: 2, role: 'tutor' };
const student: Actor = { userId: 3, role: 'student' };

const failure = (run: () => unknown): { code: string; message: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('requireRole', () => {
  it('answers the actor when its role is one of those allowed', () => {
    expect(requireRole(admin, 'admin')).toBe(admin);
    expect(requireRole(tutor, 'admin', 'tutor')).toBe(tutor);
  });

  it('refuses a signed-in actor of another role as forbidden', () => {
    expect(failure(() => requireRole(student, 'admin'))).toEqual({
      code: ErrorCodes.forbidden,
      message: ServerMessages.forbidden,
    });
    expect(failure(() => requireRole(tutor, 'admin', 'student')).code).toBe(ErrorCodes.forbidden);
  });

  it('refuses a visitor as unauthenticated, whatever the roles', () => {
    expect(failure(() => requireRole(null, 'admin'))).toEqual({
      code: ErrorCodes.unauthenticated,
      message: ServerMessages.unauthenticated,
    });
  });
});

describe('requireActor', () => {
  it('answers any signed-in actor', () => {
    expect(requireActor(student)).toBe(student);
  });

  it('refuses a visitor as unauthenticated', () => {
    expect(failure(() => requireActor(null)).code).toBe(ErrorCodes.unauthenticated);
  });
});
