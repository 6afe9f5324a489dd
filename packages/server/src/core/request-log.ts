import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * One line per request worth reading: server errors (error), slow requests (warn), and every
 * request only when the access log is on (ACCESS_LOG=1). A quiet log keeps a trivial call cheap.
 */
export function registerRequestLog(app: FastifyInstance, config: Config): void {
  // A callback hook: no promise a request.
  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    if (config.accessLog || status >= 500 || ms >= config.slowRequestMs) {
      const line = {
        method: req.method,
        url: req.url,
        status,
        ms: Math.round(ms),
        ip: req.ip,
        userId: req.user?.userId,
      };
      if (status >= 500) req.log.error(line, 'request failed');
      else if (ms >= config.slowRequestMs) req.log.warn(line, 'slow request');
      else req.log.info(line, 'request');
    }
    done();
  });
}
