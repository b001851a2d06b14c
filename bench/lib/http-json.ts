import http from 'node:http';

/**
 * A lean GET-JSON client for load generators: node:http over keep-alive sockets. On a 2-CPU machine
 * the load generator shares the CPUs with the system it measures; WHATWG fetch (undici, an
 * AbortSignal, a web stream per response) costs the client about three times the CPU per request,
 * which the system under test then waits for. Resolves `null` on a network error or timeout.
 */
export function jsonClient(options: { maxSockets?: number } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 512 });
  return {
    get<T>(
      url: string,
      headers: Record<string, string>,
      timeoutMs: number,
    ): Promise<{ status: number; body: T | null } | null> {
      return new Promise((resolve) => {
        const req = http.get(url, { agent, headers, timeout: timeoutMs }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            let body: T | null = null;
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
          res.on('error', () => resolve(null));
        });
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', () => resolve(null));
      });
    },
    close(): void {
      agent.destroy();
    },
  };
}
