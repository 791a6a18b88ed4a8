import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AssignDualTutorsBodySchema,
  AssignTutorBodySchema,
  DeliveredSessionBodySchema,
  ExamDateBodySchema,
  type HoursLedgerEntryDto,
  type PackageDto,
  PackageIdRequestSchema,
  PackagesForUsersRequestSchema,
  type PackagesForUsersReply,
  Subjects,
  type TutorStudentPackageDto,
  UsageBodySchema,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { z } from 'zod';
import { PackageDetailsService } from './package-details.service.js';
import { PackageHoursService } from './package-hours.service.js';
import { PackageReadsService } from './package-reads.service.js';

const NoData = z.unknown();
/** The gateway adds the admin's display name for the ledger; the session holds only id and role. */
const UsageRequestSchema = PackageIdRequestSchema.extend(UsageBodySchema.shape).extend({
  actorName: z.string().trim().max(200).nullable().default(null),
});

@Controller()
export class PackagesRpcController {
  constructor(
    private readonly reads: PackageReadsService,
    private readonly details: PackageDetailsService,
    private readonly hours: PackageHoursService,
  ) {}

  @MessagePattern(Subjects.tutoring.listMySessions)
  listMine(@Payload() payload: unknown): Promise<PackageDto[]> {
    const { meta } = parseRequest(NoData, payload);
    return this.reads.listMine(meta.actor);
  }

  @MessagePattern(Subjects.tutoring.sessionsForUsers)
  sessionsForUsers(@Payload() payload: unknown): Promise<PackagesForUsersReply> {
    const { meta, data } = parseRequest(PackagesForUsersRequestSchema, payload);
    return this.reads.packagesForUsers(data.userIds, meta.actor);
  }

  @MessagePattern(Subjects.tutoring.getLedger)
  ledger(@Payload() payload: unknown): Promise<HoursLedgerEntryDto[]> {
    const { meta, data } = parseRequest(PackageIdRequestSchema, payload);
    return this.reads.ledger(data.sessionId, meta.actor);
  }

  @MessagePattern(Subjects.tutoring.setExamDate)
  setExamDate(@Payload() payload: unknown): Promise<PackageDto> {
    const { meta, data } = parseRequest(PackageIdRequestSchema.extend(ExamDateBodySchema.shape), payload);
    return this.details.setExamDate(data.sessionId, data.examDate, meta.actor);
  }

  @MessagePattern(Subjects.tutoring.setUsage)
  setUsage(@Payload() payload: unknown): Promise<PackageDto> {
    const { meta, data } = parseRequest(UsageRequestSchema, payload);
    return this.hours.setUsage(
      data.sessionId,
      data.usedHours,
      data.reason,
      data.actorName,
      meta.actor,
      meta.correlationId,
    );
  }

  @MessagePattern(Subjects.tutoring.assignTutor)
  assignTutor(@Payload() payload: unknown): Promise<PackageDto> {
    const { meta, data } = parseRequest(PackageIdRequestSchema.extend(AssignTutorBodySchema.shape), payload);
    return this.details.assignTutor(data.sessionId, data, meta.actor);
  }

  @MessagePattern(Subjects.tutoring.assignDualTutors)
  assignDualTutors(@Payload() payload: unknown): Promise<PackageDto> {
    const { meta, data } = parseRequest(PackageIdRequestSchema.extend(AssignDualTutorsBodySchema.shape), payload);
    return this.details.assignDualTutors(data.sessionId, data, meta.actor);
  }

  @MessagePattern(Subjects.tutoring.listTutorStudents)
  tutorStudents(@Payload() payload: unknown): Promise<TutorStudentPackageDto[]> {
    const { meta } = parseRequest(NoData, payload);
    return this.reads.tutorStudents(meta.actor);
  }

  @MessagePattern(Subjects.tutoring.recordDeliveredSession)
  recordDelivered(@Payload() payload: unknown): Promise<PackageDto> {
    const { meta, data } = parseRequest(PackageIdRequestSchema.extend(DeliveredSessionBodySchema.shape), payload);
    return this.hours.recordDelivered(data.sessionId, data, meta.actor, meta.correlationId);
  }
}
