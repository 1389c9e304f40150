// The three states of a catalogue-backed option list: loading, empty (a 404 reads as an empty list, spec §8)
// and loaded.
import type { ReactNode } from 'react';
import type { ChoiceLayout } from '../../components/ChoiceGroup';
import { LoadingChoices, NoChoices } from '../../components/ChoicesPlaceholder';

interface CatalogueChoicesProps<T> {
  items: readonly T[] | null;
  isLoading: boolean;
  loadingLabel: string;
  emptyMessage: string;
  layout?: ChoiceLayout;
  children: (items: readonly T[]) => ReactNode;
}

export function CatalogueChoices<T>({
  items,
  isLoading,
  loadingLabel,
  emptyMessage,
  layout = 'cards',
  children,
}: CatalogueChoicesProps<T>) {
  if (isLoading) return <LoadingChoices label={loadingLabel} layout={layout} />;
  if (items === null) return null;
  if (items.length === 0) return <NoChoices message={emptyMessage} />;
  return <>{children(items)}</>;
}
