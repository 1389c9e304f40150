// A kitchen request as the server resolves it, for tests that read it: the request must resolve.
import {
  type DescribedChoice,
  type NamedKitchenChoices,
  type ResolvedConfiguration,
  resolveConfiguration,
} from '../../server/generation/configuration';

export function resolvedConfiguration(named: NamedKitchenChoices): ResolvedConfiguration {
  const resolution = resolveConfiguration(named);
  if (!resolution.ok) throw new Error(`the request does not resolve: ${resolution.problem}`);
  return resolution.configuration;
}

export const resolvedChoices = (named: NamedKitchenChoices): readonly DescribedChoice[] =>
  resolvedConfiguration(named).choices;
