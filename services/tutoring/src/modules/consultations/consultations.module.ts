import { Module } from '@nestjs/common';
import { ConsultationsRpcController } from './consultations.rpc-controller.js';
import { ConsultationsService } from './consultations.service.js';

@Module({ controllers: [ConsultationsRpcController], providers: [ConsultationsService] })
export class ConsultationsModule {}
