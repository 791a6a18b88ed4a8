import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, type AdminStudentDto, ListUsersRequestSchema, Subjects } from '@medtutor/contracts';
import { parseRequest, requireRole } from '@medtutor/nest-kit';
import { toUserDto } from './user.mapping.js';
import { UsersRepository } from './users.repository.js';

/** The admin dashboard's student list; the gateway nests each student's packages from tutoring. */
@Injectable()
export class ListUsersService {
  constructor(private readonly users: UsersRepository) {}

  async listStudents(actor: Actor | null): Promise<AdminStudentDto[]> {
    requireRole(actor, 'admin');
    const users = await this.users.students();
    return users.map((user) => ({
      ...toUserDto(user),
      consent: {
        state: user.consentState,
        consentGivenAt:
          user.consentState === 'consent_given' ? (user.guardianConsent?.consentedAt?.toISOString() ?? null) : null,
      },
    }));
  }
}

@Controller()
export class ListUsersRpcController {
  constructor(private readonly users: ListUsersService) {}

  @MessagePattern(Subjects.identity.listUsers)
  list(@Payload() payload: unknown): Promise<AdminStudentDto[]> {
    const { meta } = parseRequest(ListUsersRequestSchema, payload);
    return this.users.listStudents(meta.actor);
  }
}
