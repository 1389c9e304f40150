// The generic error screen (spec §2, §8): 'Something went wrong', the message, and 'Try again', which sends
// RETRY; the statechart clears the error after a second, and the button shows that it is busy meanwhile.
import '../styles/screens.css';
import { useSend } from '../kitchen/use-kitchen';

interface ErrorScreenProps {
  message: string;
  isRetrying: boolean;
}

export function ErrorScreen({ message, isRetrying }: ErrorScreenProps) {
  const send = useSend();
  return (
    <section className="error-screen" aria-labelledby="error-screen-title">
      <div role="alert">
        <h2 id="error-screen-title">Something went wrong</h2>
        <p>{message}</p>
      </div>
      <button
        type="button"
        className="button button--primary"
        aria-busy={isRetrying}
        aria-disabled={isRetrying}
        onClick={() => {
          if (!isRetrying) send({ type: 'RETRY' });
        }}
      >
        {isRetrying ? <span className="spinner" aria-hidden="true" /> : null}
        {isRetrying ? 'Trying again…' : 'Try again'}
      </button>
    </section>
  );
}
