// A polite live region that says which choices vanished when an earlier choice changed.
import { useEffect, useRef, useState } from 'react';
import { useKitchenContext } from '../kitchen/use-kitchen';
import { cascadeNotice, type Selections } from './cascade-notice';

export function CascadeNotice() {
  const selections = useKitchenContext(
    (context): Selections => ({ frontals: context.frontals, worktops: context.worktops }),
  );
  const previous = useRef(selections);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const notice = cascadeNotice(previous.current, selections);
    previous.current = selections;
    if (notice !== null) setMessage(notice);
  }, [selections]);

  // The region stays in the document so screen readers hear the text when it arrives.
  return (
    <p className={message ? 'notice cascade-notice' : 'cascade-notice'} aria-live="polite">
      {message}
    </p>
  );
}
