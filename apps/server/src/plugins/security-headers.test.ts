import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

describe('helmetHeaders', () => {
  it('are the headers helmet itself sets on a real response', () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } }, crossOriginEmbedderPolicy: false } as const;
    const req = new IncomingMessage(new Socket());
    const res = new ServerResponse(req);
    res.setHeader('X-Powered-By', 'something');
    helmet(options)(req, res, () => {});
    const real = Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]));
    expect(helmetHeaders(options)).toEqual(real);
    expect(real['content-security-policy']).toContain("img-src 'self' data:");
    expect(real['x-powered-by']).toBeUndefined();
  });
});
