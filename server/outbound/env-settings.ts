// Reading an outbound service's settings from the environment (providers, OpenAI moderation): one place for
// "required", defaults and numbers, so each adapter's `...FromEnv` is a plain list of its variables.

export type Env = Readonly<Record<string, string | undefined>>;

const present = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** A variable the provider cannot work without: a missing one stops the server's start with its name. */
export function requiredEnv(env: Env, name: string, provider: string): string {
  const value = present(env[name]);
  if (!value) throw new Error(`GENERATION_PROVIDER=${provider} needs ${name} to be set.`);
  return value;
}

export const optionalEnv = (env: Env, name: string): string | undefined => present(env[name]);

/** A base URL without its trailing slashes, so paths can be appended with one. */
export function baseUrlEnv(env: Env, name: string, fallback: string): string {
  const value = present(env[name]) ?? fallback;
  try {
    new URL(value);
  } catch {
    throw new Error(`${name} must be a URL such as ${fallback} (got "${value}").`);
  }
  return value.replace(/\/+$/, '');
}
