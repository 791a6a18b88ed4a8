import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { knownRoutes } from '../http/api-hygiene.js';
import { routeLabel, UnroutedLabels } from './http-metrics.js';

/** Two routes as router 2 keeps them: a template, its matchers and its methods. */
const routes = knownRoutes([
  {
    route: { path: '/api/payments/:id', methods: { get: true } },
    matchers: [(p: string) => /^\/api\/payments\/[^/]+$/.test(p)],
  },
  { route: { path: '/api/login', methods: { post: true } }, matchers: [(p: string) => p === '/api/login'] },
  { name: 'jsonParser' },
]);

const request = (method: string, path: string, route?: { path: string }) => ({ method, path, route }) as Request;

describe('route label', () => {
  it('is the template of the route that answered, never the URL', () => {
    expect(routeLabel(request('GET', '/api/payments/123', { path: '/api/payments/:id' }), routes)).toBe(
      '/api/payments/:id',
    );
  });

  it('is the template its path matches when the answer came before routing (413, 405, sessions down)', () => {
    expect(routeLabel(request('POST', '/api/login'), routes)).toBe('/api/login');
    expect(routeLabel(request('DELETE', '/api/payments/9'), routes)).toBe('/api/payments/:id');
  });

  it('is one label for unknown API paths and one for the frontends', () => {
    expect(routeLabel(request('GET', '/api/payments'), routes)).toBe(UnroutedLabels.api);
    expect(routeLabel(request('GET', '/api'), routes)).toBe(UnroutedLabels.api);
    expect(routeLabel(request('GET', '/apiary'), routes)).toBe(UnroutedLabels.frontend);
    expect(routeLabel(request('GET', '/static/js/index.0123abcd.js'), routes)).toBe(UnroutedLabels.frontend);
  });
});
