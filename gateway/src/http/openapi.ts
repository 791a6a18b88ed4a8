import { applyDecorators, type INestApplication } from '@nestjs/common';
import {
  ApiBody,
  ApiQuery,
  ApiResponse,
  DocumentBuilder,
  type OpenAPIObject,
  type SchemaObject,
  SwaggerModule,
} from '@nestjs/swagger';
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

/** The string format a schema ends in, through pipes, nullables, optionals and defaults. */
function formatOf(schema: z.core.$ZodType | undefined): string | undefined {
  for (let depth = 0; schema && depth < 8; depth += 1) {
    const def = schema._zod.def as {
      type: string;
      format?: string;
      innerType?: z.core.$ZodType;
      out?: z.core.$ZodType;
    };
    if (def.type === 'pipe') schema = def.out;
    else if (def.type === 'nullable' || def.type === 'optional' || def.type === 'default') schema = def.innerType;
    else return def.format;
  }
  return undefined;
}

const jsonSchemaFormats: Record<string, string> = { email: 'email', url: 'uri', uuid: 'uuid', date: 'date' };

/**
 * A contract schema as OpenAPI: bodies as clients send them (`input`), replies as they arrive. A body
 * field such as `email` is text trimmed, then checked as an address: its input side alone would
 * lose the format, so the format of what it becomes is stated too. A field with a default is not
 * required, whatever its inner schema says.
 */
export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def as { type: string; out?: z.core.$ZodType };
      // A default given as metadata (where a preprocess hides the real one from JSON Schema).
      const meta = z.globalRegistry.get(zodSchema as unknown as z.ZodType) as { default?: unknown } | undefined;
      if (io === 'input' && meta?.default !== undefined) jsonSchema.default = meta.default as never;
      if (io === 'input' && def.type === 'pipe' && !jsonSchema.format) {
        const format = jsonSchemaFormats[formatOf(def.out) ?? ''];
        if (format) jsonSchema.format = format;
      }
      const properties = jsonSchema.properties as Record<string, { default?: unknown }> | undefined;
      if (io === 'input' && properties && Array.isArray(jsonSchema.required)) {
        jsonSchema.required = jsonSchema.required.filter((name) => properties[name]?.default === undefined);
        if (jsonSchema.required.length === 0) delete jsonSchema.required;
      }
    },
  }) as SchemaObject;
const toOpenApi = jsonSchemaOf;

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
  400: "Validation failed: the message is the first problem, in the spec's words; errors lists every invalid field",
  405: 'The path exists but not with this method; see Allow',
  413: 'The body is larger than BODY_LIMIT',
  415: 'The body is not application/json',
  401: 'Not signed in, or wrong credentials',
  403: 'Signed in without the required role',
  409: 'Already taken',
  502: 'The payment provider did not answer, or refused',
  429: 'Rate limited; see Retry-After',
  503: 'A service did not answer in time',
};

export const ApiErrorReplies = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: errorDescriptions[status] ?? 'Error', schema: ref('ApiErrorBody') }),
    ),
  );

/** One error answer whose meaning on this route is more particular than the shared description. */
export const ApiErrorReply = (status: number, description: string) =>
  ApiResponse({ status, description, schema: ref('ApiErrorBody') });

/**
 * A GET route's query parameters from the contract schema that validates them, as clients send them
 * (text, so all optional with their defaults), so the document states the bounds the server enforces.
 */
export const ApiQueryOf = (schema: z.ZodType) => {
  const document = jsonSchemaOf(schema, 'input');
  const properties = (document.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set(document.required ?? []);
  return applyDecorators(
    ...Object.entries(properties).map(([name, property]) =>
      ApiQuery({ name, required: required.has(name), schema: property }),
    ),
  );
};

/** Every answer an operation that takes a body can also give, whatever its route documents. */
const BODY_ERROR_STATUSES = [400, 413, 415];

export function buildOpenApiDocument(app: INestApplication, config: GatewayConfig): OpenAPIObject {
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
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.post, item.put, item.patch]) {
      if (!operation?.requestBody) continue;
      for (const status of BODY_ERROR_STATUSES) {
        operation.responses[status] ??= { description: errorDescriptions[status]!, content: errorContent() };
      }
    }
  }
  return document;
}

const errorContent = () => ({ 'application/json': { schema: ref('ApiErrorBody') } });

/**
 * Serves the UI at /api/docs and the document at /api/docs/openapi.json, except in production: the
 * document maps every route and its limits for whoever asks, and the public site needs neither. Built on
 * the first request for it, not at start: scanning every route costs a start about 0.35 s of CPU, which
 * every gateway a test starts would pay for a document few of them read.
 */
export function setupOpenApi(app: INestApplication, config: GatewayConfig): void {
  if (config.production) return;
  SwaggerModule.setup(OPENAPI_PATH, app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: `${OPENAPI_PATH}/openapi.json`,
    raw: ['json'],
  });
}
