import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateTutorBodySchema,
  type PublicTutorDto,
  Subjects,
  type TutorDto,
  TutorIdRequestSchema,
  type TutorStatusChangeReply,
  UpdateTutorBodySchema,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { z } from 'zod';
import { TutorsService } from './tutors.service.js';

const NoData = z.unknown();

@Controller()
export class TutorsRpcController {
  constructor(private readonly tutors: TutorsService) {}

  @MessagePattern(Subjects.tutoring.listTutors)
  list(@Payload() payload: unknown): Promise<TutorDto[]> {
    const { meta } = parseRequest(NoData, payload);
    return this.tutors.list(meta.actor);
  }

  @MessagePattern(Subjects.tutoring.listPublicTutors)
  listPublic(@Payload() payload: unknown): Promise<PublicTutorDto[]> {
    parseRequest(NoData, payload);
    return this.tutors.listPublic();
  }

  @MessagePattern(Subjects.tutoring.createTutor)
  create(@Payload() payload: unknown): Promise<TutorDto> {
    const { meta, data } = parseRequest(CreateTutorBodySchema, payload);
    return this.tutors.create(data, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.tutoring.updateTutor)
  update(@Payload() payload: unknown): Promise<TutorDto> {
    const { meta, data } = parseRequest(TutorIdRequestSchema.extend(UpdateTutorBodySchema.shape), payload);
    const { tutorId, ...changes } = data;
    return this.tutors.update(tutorId, changes, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.tutoring.deactivateTutor)
  deactivate(@Payload() payload: unknown): Promise<TutorStatusChangeReply> {
    const { meta, data } = parseRequest(TutorIdRequestSchema, payload);
    return this.tutors.deactivate(data.tutorId, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.tutoring.reactivateTutor)
  reactivate(@Payload() payload: unknown): Promise<TutorStatusChangeReply> {
    const { meta, data } = parseRequest(TutorIdRequestSchema, payload);
    return this.tutors.reactivate(data.tutorId, meta.actor, meta.correlationId);
  }
}
