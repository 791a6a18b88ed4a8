import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, ListUsersRequestSchema, Subjects, type UserDto } from '@medtutor/contracts';
import { forbidden, parseRequest } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { toUserDto } from './user.mapping.js';
import { unauthenticated } from './users.errors.js';

/** The admin dashboard's student list; the gateway nests each student's packages from tutoring. */
@Injectable()
export class ListUsersService {
  constructor(private readonly prisma: PrismaService) {}

  async listStudents(actor: Actor | null): Promise<UserDto[]> {
    if (!actor) throw unauthenticated();
    if (actor.role !== 'admin') throw forbidden();
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
