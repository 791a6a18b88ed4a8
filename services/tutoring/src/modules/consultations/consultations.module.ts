import { Module } from '@nestjs/common';
import { ConsultationsRepository } from './consultations.repository.js';
import { ConsultationsRpcController } from './consultations.rpc-controller.js';
import { ConsultationsService } from './consultations.service.js';

@Module({ controllers: [ConsultationsRpcController], providers: [ConsultationsService, ConsultationsRepository] })
export class ConsultationsModule {}
