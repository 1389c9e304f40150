// Starts the API server and the built app on PORT/HOST.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const app = Fastify({ logger: true });
await app.register(fastifyStatic, { root: path.resolve('dist'), wildcard: false });
// History fallback: every app route loads the app, which projects the URL onto its statechart.
app.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'));
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });
