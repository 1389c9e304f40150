// Node closes a closing server's idle kept-alive connections once, when the close begins. A response still being
// written then (a stream) or not yet begun (a handler still running) leaves its connection open afterwards for
// the whole keep-alive timeout (72 s), and the close, with the shutdown behind it, waits that long for nothing.
// While closing, every answer therefore closes its connection.
import type { FastifyInstance } from 'fastify';

export function closeConnectionsOnceAnsweredWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Headers not yet sent: Node ends the connection after this response.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  // Headers sent before the close began: the response has just finished, so its connection is idle now.
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
