import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogDto, ErrorCodes, Subjects } from '@medtutor/contracts';
import type { Server } from 'node:http';
import request from 'supertest';
import { startTestGateway, type TestGateway } from './support/test-gateway.js';

let gateway: TestGateway;
let server: Server;

beforeAll(async () => {
  gateway = await startTestGateway();
  server = gateway.app.getHttpServer();
});

afterAll(async () => {
  await gateway?.close();
});

describe('GET /api/catalog', () => {
  it('serves the catalog to a visitor, asking catalog-payments with no actor', async () => {
    const res = await request(server).get('/api/catalog');

    expect(res.status).toBe(200);
    expect(res.body).toEqual(catalogDto());
    expect(gateway.fake.lastRequest(Subjects.catalogPayments.getCatalog)?.meta.actor).toBeNull();
  });

  it('answers 503 when catalog-payments does not answer', async () => {
    gateway.fake.silent.add(Subjects.catalogPayments.getCatalog);
    try {
      const res = await request(server).get('/api/catalog');

      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: ErrorCodes.serviceUnavailable });
    } finally {
      gateway.fake.silent.delete(Subjects.catalogPayments.getCatalog);
    }
  });
});
