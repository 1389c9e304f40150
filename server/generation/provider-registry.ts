// Generation providers by name. `GENERATION_PROVIDER` picks one; `local` needs no key and no network.
import type { Config } from '../config';
import type { GenerationProvider, GenerationProviderFactory } from './provider';
import { createLocalProvider } from './providers/local-provider';

export const DEFAULT_GENERATION_PROVIDER = 'local';

// The photoreal adapters load their modules only when chosen.
const factories = new Map<string, GenerationProviderFactory>([
  [DEFAULT_GENERATION_PROVIDER, createLocalProvider],
  ['openai', async (config) => (await import('./providers/openai/openai-provider')).openaiProvider(config)],
  [
    'replicate',
    async (config) => (await import('./providers/replicate/replicate-provider')).replicateProvider(config),
  ],
  [
    'comfyui',
    async (config) => (await import('./providers/comfyui/comfyui-provider')).comfyuiProvider(config),
  ],
]);

/**
 * Adds (or replaces) a provider under `name`. Adapters that load heavy modules should register a factory that
 * imports them dynamically, so a server that does not use them never loads them.
 */
export function registerGenerationProvider(name: string, factory: GenerationProviderFactory): void {
  factories.set(name, factory);
}

export const registeredGenerationProviders = (): string[] => [...factories.keys()];

/** The configured provider; an unknown name stops the start with a message listing the known ones. */
export async function createGenerationProvider(config: Config): Promise<GenerationProvider> {
  const name = config.generationProvider ?? DEFAULT_GENERATION_PROVIDER;
  const factory = factories.get(name);
  if (!factory) {
    const known = registeredGenerationProviders().join(', ');
    throw new Error(`GENERATION_PROVIDER "${name}" is not a known provider (known: ${known}).`);
  }
  return factory(config);
}
