// Every /api/v1 request is made on behalf of one user: the session plugin (server/users) sets `userId`
// before any route handler runs. Route plugins read it; they never parse cookies themselves.
declare module 'fastify' {
  interface FastifyRequest {
    userId: number;
  }
}

export {};
