import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, ListUsersRequestSchema, Subjects, type UserDto } from '@medtutor/contracts';
import { parseRequest, requireRole } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { toUserDto } from './user.mapping.js';

/** The admin dashboard's student list; the gateway nests each student's packages from tutoring. */
@Injectable()
export class ListUsersService {
  constructor(private readonly prisma: PrismaService) {}

  async listStudents(actor: Actor | null): Promise<UserDto[]> {
    requireRole(actor, 'admin');
    const users = await this.prisma.user.findMany({ where: { role: 'student' }, orderBy: { id: 'asc' } });
    return users.map(toUserDto);
  }
}

@Controller()
export class ListUsersRpcController {
  constructor(private readonly users: ListUsersService) {}

  @MessagePattern(Subjects.identity.listUsers)
  list(@Payload() payload: unknown): Promise<UserDto[]> {
    const { meta } = parseRequest(ListUsersRequestSchema, payload);
    return this.users.listStudents(meta.actor);
  }
}
