// Start over (issue 25) asks first: it forgets every choice and the photo in this browser. An inline question
// rather than a modal; focus moves into it, and back to the button when the visitor keeps their kitchen.
import { useEffect, useRef, useState } from 'react';
import { useSend } from '../../kitchen/use-kitchen';

export function StartOver() {
  const send = useSend();
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (wasAsking.current) trigger.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking) {
    return (
      <button ref={trigger} type="button" className="button button--quiet" onClick={() => setAsking(true)}>
        Start over
      </button>
    );
  }
  return (
    <section className="confirm start-over" aria-labelledby="start-over-question">
      <p id="start-over-question" ref={question} tabIndex={-1}>
        Start over with a new photo? Your choices are cleared; the kitchens you made stay in your history.
      </p>
      <div className="confirm__buttons">
        <button type="button" className="button button--primary" onClick={() => send({ type: 'RESET' })}>
          Yes, start over
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
          Keep this kitchen
        </button>
      </div>
    </section>
  );
}
