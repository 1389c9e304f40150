// A tiny Fastify of the test's own, for answers the real server never gives: garbage, silence, a colour list
// in another spelling, a generation job that moves on each poll.
import Fastify, { type FastifyInstance } from 'fastify';

export interface LocalServer {
  app: FastifyInstance;
  origin: string;
  close(): Promise<void>;
}

export async function startLocalServer(routes: (app: FastifyInstance) => void): Promise<LocalServer> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  routes(app);
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin, close: () => app.close() };
}
