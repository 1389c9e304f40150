// What a step shows instead of its options while they load (reserving their space, so nothing shifts) or when
// the catalogue has none for the choices made so far.
import '../styles/choices.css';

interface LoadingChoicesProps {
  label: string;
  count?: number;
  layout?: 'cards' | 'chips' | 'swatches';
}

export function LoadingChoices({ label, count = 4, layout = 'cards' }: LoadingChoicesProps) {
  return (
    <div className={`choice-group choice-group--${layout}`} aria-busy="true">
      <p className="muted" role="status">
        {label}
      </p>
      <div className="choice-group__options" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          // Placeholders have no identity but their position.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed, static placeholders
          <span key={index} className="choice choice--placeholder" />
        ))}
      </div>
    </div>
  );
}

export function NoChoices({ message }: { message: string }) {
  return <p className="notice">{message}</p>;
}
