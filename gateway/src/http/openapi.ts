import { applyDecorators, type INestApplication } from '@nestjs/common';
import { ApiBody, ApiResponse, DocumentBuilder, type SchemaObject, SwaggerModule } from '@nestjs/swagger';
import {
  ApiErrorBodySchema,
  ForgotPasswordBodySchema,
  HealthReplySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  UserDtoSchema,
} from '@medtutor/contracts';
import { z } from 'zod';
import type { GatewayConfig } from '../config/gateway-config.js';
import { MessageReplySchema } from './replies.js';

const OPENAPI_PATH = 'api/docs';

/**
 * The OpenAPI components, generated from the same zod schemas that validate requests and replies,
 * so the documentation cannot drift from the code. Bodies are documented as clients send them.
 */
const requestSchemas = {
  RegisterBody: RegisterBodySchema,
  LoginBody: LoginBodySchema,
  ForgotPasswordBody: ForgotPasswordBodySchema,
  ResetPasswordBody: ResetPasswordBodySchema,
};
const replySchemas = {
  UserDto: UserDtoSchema,
  ApiErrorBody: ApiErrorBodySchema,
  MessageReply: MessageReplySchema,
  HealthReply: HealthReplySchema,
};
type SchemaName = keyof typeof requestSchemas | keyof typeof replySchemas;

const toOpenApi = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as SchemaObject;

function contractComponents(): Record<SchemaName, SchemaObject> {
  const requests = Object.entries(requestSchemas).map(([name, schema]) => [name, toOpenApi(schema, 'input')]);
  const replies = Object.entries(replySchemas).map(([name, schema]) => [name, toOpenApi(schema, 'output')]);
  return Object.fromEntries([...requests, ...replies]) as Record<SchemaName, SchemaObject>;
}

const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

export const ApiJsonBody = (name: keyof typeof requestSchemas) => ApiBody({ schema: ref(name) });

export const ApiJsonReply = (status: number, name: keyof typeof replySchemas, description: string) =>
  ApiResponse({ status, description, schema: ref(name) });

const errorDescriptions: Record<number, string> = {
  400: "Validation failed: the message is the first problem, in the spec's words",
  401: 'Not signed in, or wrong credentials',
  403: 'Signed in without the required role',
  409: 'Already taken',
  429: 'Rate limited; see Retry-After',
  503: 'A service did not answer in time',
};

export const ApiErrorReplies = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: errorDescriptions[status] ?? 'Error', schema: ref('ApiErrorBody') }),
    ),
  );

/** Serves the UI at /api/docs and the document at /api/docs/openapi.json. */
export function setupOpenApi(app: INestApplication, config: GatewayConfig): void {
  const base = new DocumentBuilder()
    .setTitle('MedPath gateway')
    .setDescription('The HTTP API of the tutoring platform. Errors answer { statusCode, code, message }.')
    .setVersion('1')
    .addServer(config.publicBaseUrl)
    .addCookieAuth(config.session.cookieName)
    .build();
  const document = SwaggerModule.createDocument(app, base);
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...contractComponents() },
  };
  SwaggerModule.setup(OPENAPI_PATH, app, document, { jsonDocumentUrl: `${OPENAPI_PATH}/openapi.json`, raw: ['json'] });
}
