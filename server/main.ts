// Starts the API server and the built app on PORT/HOST; stops gracefully (database included) on SIGINT/SIGTERM.
import manifest from '../package.json' with { type: 'json' };
import { announcedAddress } from './accounts/relying-party';
import { type Config, ConfigError, DEFAULT_SHUTDOWN_GRACE_MS, loadConfig } from './config';
import { openDatabase } from './db/open';
import { unsupportedNode } from './ops/node-support';
import { installProcessGuards } from './ops/process-guards';
import { installGracefulShutdown } from './ops/shutdown';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = configOrExit();
// Opening the database (WASM compilation, reading the data directory) overlaps with loading the server's
// modules: together they are most of the start time.
const opening = openDatabase(config);
const { buildServer } = await import('./app');
const db = await opening;
const app = await buildServer(config, { db });
app.addHook('onClose', () => db.close());
installProcessGuards(app.log);
// `npm test` refuses an unsupported Node; serving on one is allowed, but the operator should know it is untested.
const unsupported = unsupportedNode(process.version, manifest.engines.node);
if (unsupported) app.log.warn(`${unsupported} Serving anyway, on a runtime the tests never ran on.`);
installGracefulShutdown(app, {
  delayMs: config.shutdownDelayMs ?? 0,
  graceMs: config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
});
await app.listen({ port: config.port, host: config.host });
// Fastify's line names the socket (an IP address); people are sent where every feature works, passkeys included.
const listening = app.server.address();
const port = typeof listening === 'object' && listening ? listening.port : config.port;
app.log.info(`Open ${announcedAddress(config.publicBaseUrl, port)}`);
