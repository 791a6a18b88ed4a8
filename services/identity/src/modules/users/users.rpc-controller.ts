import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  GetUserRequestSchema,
  RegisterBodySchema,
  Subjects,
  type SessionValidityReply,
  type UserDto,
  UserIdRequestSchema,
  type VerifyCredentialsReply,
  VerifyCredentialsRequestSchema,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { UsersService } from './users.service.js';

@Controller()
export class UsersRpcController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(Subjects.identity.register)
  register(@Payload() payload: unknown): Promise<UserDto> {
    const { meta, data } = parseRequest(RegisterBodySchema, payload);
    return this.users.register(data, meta.correlationId);
  }

  @MessagePattern(Subjects.identity.verifyCredentials)
  verifyCredentials(@Payload() payload: unknown): Promise<VerifyCredentialsReply> {
    const { data } = parseRequest(VerifyCredentialsRequestSchema, payload);
    return this.users.verifyCredentials(data);
  }

  @MessagePattern(Subjects.identity.sessionValidity)
  sessionValidity(@Payload() payload: unknown): Promise<SessionValidityReply> {
    return this.users.sessionValidity(parseRequest(UserIdRequestSchema, payload).data.userId);
  }

  @MessagePattern(Subjects.identity.getUser)
  getUser(@Payload() payload: unknown): Promise<UserDto> {
    const { meta, data } = parseRequest(GetUserRequestSchema, payload);
    return this.users.getUser(data, meta.actor);
  }
}
