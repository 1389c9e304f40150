// Starts the API server and the built app on PORT/HOST; closes cleanly (database included) on SIGINT/SIGTERM.
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';

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

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
await app.listen({ port: config.port, host: config.host });
