import { describe, expect, it } from '@jest/globals';
import { catalogDto, EventTypes, eventSubject, Subjects } from '@medtutor/contracts';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import type { z } from 'zod';
import type { ServiceClient } from '../clients/service-client.js';
import { PublicReadsService } from './public-reads.service.js';

const tutor = (name: string) => ({
  id: 1,
  name,
  specialty: 'UCAT',
  qualifications: '5th-year medical student',
  photoUrl: null,
  subjects: ['UCAT'],
});

/** The owners as the service sees them: answers the test sets, and the NATS subscriptions it made. */
class FakeServices {
  readonly answers: Record<string, unknown> = {
    [Subjects.reviews.listApprovedTestimonials]: [],
    [Subjects.tutoring.listPublicTutors]: [tutor('Amira Hassan')],
    [Subjects.catalogPayments.getCatalog]: catalogDto(),
  };
  readonly calls: string[] = [];
  readonly listeners = new Map<string, () => void>();
  readonly connectedListeners: (() => void)[] = [];

  listen(subject: string, onMessage: () => void) {
    this.listeners.set(subject, onMessage);
  }

  onConnected(listener: () => void) {
    this.connectedListeners.push(listener);
  }

  sendAsGateway<S extends z.ZodType>(subject: string, _data: unknown, reply: S): Promise<z.output<S>> {
    this.calls.push(subject);
    return Promise.resolve(reply.parse(this.answers[subject]));
  }

  connect() {
    for (const listener of this.connectedListeners) listener();
  }

  /** An event arriving on the gateway's subscription. */
  deliver(type: string) {
    const listener = this.listeners.get(eventSubject(type));
    if (!listener) throw new Error(`nothing listens to ${type}`);
    listener();
  }

  count(subject: string) {
    return this.calls.filter((called) => called === subject).length;
  }
}

function start() {
  const services = new FakeServices();
  const reads = new PublicReadsService(services as unknown as ServiceClient, pino({ level: 'silent' }));
  reads.onApplicationBootstrap();
  const app = express();
  app.get('/api/tutors', (req, res, next) => reads.send('tutors', req, res).catch(next));
  app.get('/api/testimonials', (req, res, next) => reads.send('testimonials', req, res).catch(next));
  return { services, reads, http: request(app) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PublicReadsService', () => {
  it('warms every read when NATS connects, then answers page views from memory', async () => {
    const { services, http } = start();
    services.connect();
    await settle();
    expect(services.calls.sort()).toEqual(
      [
        Subjects.catalogPayments.getCatalog,
        Subjects.reviews.listApprovedTestimonials,
        Subjects.tutoring.listPublicTutors,
      ].sort(),
    );
    for (let i = 0; i < 5; i++) expect((await http.get('/api/tutors')).body).toEqual([tutor('Amira Hassan')]);
    expect(services.count(Subjects.tutoring.listPublicTutors)).toBe(1);
  });

  it('answers the change once its event has arrived, never the copy from before it', async () => {
    const { services, http } = start();
    services.connect();
    await settle();
    services.answers[Subjects.tutoring.listPublicTutors] = [tutor('Amira Hassan-Smith')];
    // Changed at the owner, the event not here yet: the copy still answers.
    expect((await http.get('/api/tutors')).body).toEqual([tutor('Amira Hassan')]);
    services.deliver(EventTypes.tutorChanged);
    expect((await http.get('/api/tutors')).body).toEqual([tutor('Amira Hassan-Smith')]);
  });

  it('drops the testimonials on an approval or any change of the published list, and only them', async () => {
    const { services, http } = start();
    services.connect();
    await settle();
    const story = { id: 3, name: 'S. J.', title: 'Offer', content: 'Great', rating: 5, verifiedPurchase: false };
    for (const type of [EventTypes.testimonialApproved, EventTypes.publishedTestimonialsChanged]) {
      const before = services.count(Subjects.reviews.listApprovedTestimonials);
      services.deliver(type);
      expect(services.count(Subjects.reviews.listApprovedTestimonials)).toBe(before + 1);
    }
    expect(services.count(Subjects.tutoring.listPublicTutors)).toBe(1);
    expect(services.listeners.has(eventSubject(EventTypes.testimonialSubmitted))).toBe(false);
    services.answers[Subjects.reviews.listApprovedTestimonials] = [story];
    services.deliver(EventTypes.publishedTestimonialsChanged);
    expect((await http.get('/api/testimonials')).body).toHaveLength(1);
  });

  it('fetches everything again when the connection comes back: events sent meanwhile were missed', async () => {
    const { services, http } = start();
    services.connect();
    await settle();
    services.answers[Subjects.tutoring.listPublicTutors] = [];
    services.connect();
    expect((await http.get('/api/tutors')).body).toEqual([]);
    expect(services.count(Subjects.reviews.listApprovedTestimonials)).toBe(2);
    expect(services.count(Subjects.catalogPayments.getCatalog)).toBe(2);
  });

  it('sends an entity tag and a Cache-Control a CDN may hold briefly, and 304 for a current copy', async () => {
    const { services, http } = start();
    services.connect();
    await settle();
    const first = await http.get('/api/tutors');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=15');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await http.get('/api/tutors').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    services.answers[Subjects.tutoring.listPublicTutors] = [];
    services.deliver(EventTypes.tutorChanged);
    const changed = await http.get('/api/tutors').set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
