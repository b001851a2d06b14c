import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, mockApi, type Handler } from './mock-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mockApi', () => {
  it('answers a plain value as JSON with 200 and records the call', async () => {
    const { calls, fetchMock } = mockApi({ 'GET /api/users/me': { id: 'u-1' } });
    const res = await fetch('/api/users/me?fields=all', { headers: { authorization: 'Bearer a' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ id: 'u-1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/users/me', body: undefined });
    expect(calls[0]!.url.searchParams.get('fields')).toBe('all');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer a');
  });

  it('passes the parsed body to a handler and answers what it returns', async () => {
    const things: Handler = ({ body, method }) => json(201, { method, got: body });
    const { calls } = mockApi({ 'POST /api/things': things });
    const res = await fetch('/api/things', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ method: 'POST', got: { a: 1 } });
    expect(calls[0]!.body).toEqual({ a: 1 });
  });

  it('answers a given Response afresh on every call', async () => {
    mockApi({ 'GET /api/x': errorBody(409, 'conflict', 'Taken') });
    for (let i = 0; i < 2; i++) {
      const res = await fetch('/api/x');
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        statusCode: 409,
        error: 'Error',
        message: 'Taken',
        code: 'conflict',
      });
    }
  });

  it('answers 404 routeNotFound for a call without a route (routes are per method)', async () => {
    mockApi({ 'GET /api/x': {} });
    const res = await fetch('/api/x', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, code: 'routeNotFound' });
  });

  it('json without a body has none', async () => {
    const res = json(204);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});
