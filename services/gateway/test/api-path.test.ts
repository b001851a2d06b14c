import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, isApiRequest } from '../src/api-path';

const request = (url: string, method = 'GET', headers: Record<string, string> = {}) =>
  ({ url, method, headers, socket: { remoteAddress: '10.0.0.1' } }) as unknown as IncomingMessage;

describe('API path', () => {
  it('takes the API calls and leaves /api/language and anything else to express', () => {
    expect(isApiRequest(request('/api/users/me'))).toBe(true);
    expect(isApiRequest(request('/farm-api/orders?page=2'))).toBe(true);
    expect(isApiRequest(request('/garden-api/imports', 'POST'))).toBe(true);
    expect(isApiRequest(request('/api/language'))).toBe(false);
    expect(isApiRequest(request('/api/language?x=1', 'HEAD'))).toBe(false);
    expect(isApiRequest(request('/api/language', 'POST'))).toBe(true);
    expect(isApiRequest(request('/api'))).toBe(false);
    expect(isApiRequest(request('/API/users/me'))).toBe(false);
    expect(isApiRequest(request('/admin/orders'))).toBe(false);
  });

  it('finds the client as express does with a trusted hop count', () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.9, 198.51.100.2,, 192.0.2.3' };
    expect(clientAddress(request('/api/x', 'GET', forwarded), 0)).toBe('10.0.0.1');
    expect(clientAddress(request('/api/x', 'GET', forwarded), 1)).toBe('192.0.2.3');
    expect(clientAddress(request('/api/x', 'GET', forwarded), 2)).toBe('198.51.100.2');
    expect(clientAddress(request('/api/x', 'GET', forwarded), 9)).toBe('203.0.113.9');
    expect(clientAddress(request('/api/x'), 1)).toBe('10.0.0.1');
  });
});
