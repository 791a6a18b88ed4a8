import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  CatalogDtoSchema,
  EventTypes,
  eventSubject,
  PublicTestimonialListSchema,
  PublicTutorDtoSchema,
  Subjects,
} from '@medtutor/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import fresh from 'fresh';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ServiceClient } from '../clients/service-client.js';
import { LOGGER } from '../logging/logger.js';
import { PublicReadModel, type PublicSnapshot } from './public-read-model.js';

/**
 * Used without a sign of change for this long (events keep the answers fresh; this bounds an
 * event the gateway missed), and what a shared cache (a CDN) may hold an answer for.
 */
export const PUBLIC_READ_MAX_AGE_MS = 30_000;
const SHARED_CACHE_SECONDS = 15;

/**
 * The public answers every page view asks for, each with the owner's RPC and the events after which
 * it may have changed. Prices change only with a release (the contracts' price table), which restarts
 * the gateway too: they need no event.
 */
const PUBLIC_READS = {
  testimonials: {
    path: '/api/testimonials',
    fetch: (services: ServiceClient) =>
      services.sendAsGateway(Subjects.reviews.listApprovedTestimonials, {}, PublicTestimonialListSchema),
    changedBy: [EventTypes.testimonialApproved, EventTypes.publishedTestimonialsChanged],
  },
  tutors: {
    path: '/api/tutors',
    fetch: (services: ServiceClient) =>
      services.sendAsGateway(Subjects.tutoring.listPublicTutors, {}, z.array(PublicTutorDtoSchema)),
    changedBy: [EventTypes.tutorChanged],
  },
  catalog: {
    path: '/api/catalog',
    fetch: (services: ServiceClient) =>
      services.sendAsGateway(Subjects.catalogPayments.getCatalog, {}, CatalogDtoSchema),
    changedBy: [],
  },
} as const;

export type PublicRead = keyof typeof PUBLIC_READS;

/** Each public read by its path. */
export const PUBLIC_READ_BY_PATH: ReadonlyMap<string, PublicRead> = new Map(
  (Object.entries(PUBLIC_READS) as [PublicRead, { path: string }][]).map(([name, read]) => [read.path, name]),
);

/** The paths answered from memory: they need no session, so the session layer leaves their GETs alone. */
export const PUBLIC_READ_PATHS: ReadonlySet<string> = new Set(PUBLIC_READ_BY_PATH.keys());

/**
 * The gateway's in-memory public read models: warmed at start, dropped by the events that change them
 * (and all at once when the NATS connection comes back, since events sent meanwhile were missed), and
 * sent with an entity tag (304 when the browser's copy is current) and a Cache-Control that lets a
 * CDN hold them briefly while browsers revalidate every time.
 */
@Injectable()
export class PublicReadsService implements OnApplicationBootstrap {
  private readonly models: Record<PublicRead, PublicReadModel>;

  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.models = Object.fromEntries(
      Object.entries(PUBLIC_READS).map(([name, read]) => [
        name,
        new PublicReadModel(() => read.fetch(services), { maxAgeMs: PUBLIC_READ_MAX_AGE_MS }),
      ]),
    ) as Record<PublicRead, PublicReadModel>;
  }

  onApplicationBootstrap(): void {
    for (const [name, read] of Object.entries(PUBLIC_READS) as [PublicRead, (typeof PUBLIC_READS)[PublicRead]][]) {
      for (const type of read.changedBy) this.services.listen(eventSubject(type), () => this.changed(name));
    }
    // Events sent while the connection was down were missed: everything may have changed.
    this.services.onConnected(() => {
      for (const name of Object.keys(this.models) as PublicRead[]) this.changed(name);
    });
  }

  /**
   * `name` may have changed: its copy is dropped now, and fetched again at once so the next page
   * view need not wait for it (a failure there is the next request's to retry).
   */
  changed(name: PublicRead): void {
    const model = this.models[name];
    model.invalidate();
    model.warm().catch((error: unknown) => this.logger.warn({ err: error, read: name }, 'public read not refreshed'));
  }

  /** Sends the answer (fetching it first if none is held), or 304 when the request's If-None-Match names it. */
  async send(name: PublicRead, req: Request, res: Response): Promise<void> {
    this.write(await this.models[name].current(), req, res);
  }

  /** The answer held now, if any, without waiting (see `PublicReadModel.held`). */
  held(name: PublicRead): PublicSnapshot | undefined {
    return this.models[name].held();
  }

  /**
   * Writes `snapshot` as the answer: the whole of it, or 304 for a client whose copy is current.
   * Plain Node, so the answer given before Express (public-reads-from-memory.ts) is the same.
   * Returns the status sent.
   */
  write(snapshot: PublicSnapshot, req: IncomingMessage, res: ServerResponse): number {
    res.setHeader('Cache-Control', `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}`);
    res.setHeader('ETag', snapshot.etag);
    if (fresh(req.headers, { etag: snapshot.etag })) {
      res.statusCode = 304;
      res.end();
      return 304;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', snapshot.body.length);
    res.end(req.method === 'HEAD' ? undefined : snapshot.body);
    return 200;
  }
}
