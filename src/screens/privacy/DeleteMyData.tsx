// "Delete my data" (issue 15, item 3): the chart's `myData` region on screen. An inline confirmation rather
// than a modal: nothing behind it needs shutting away. Focus follows the region, so keyboard and screen-reader
// users always land where the next choice is: into the confirmation, back to the button, or on the outcome.
import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { type MyDataState, myDataOf } from '../../../machines/kitchen/my-data';
import { KitchenActor } from '../../kitchen/kitchen-actor';
import { useSend } from '../../kitchen/use-kitchen';

/** Where focus goes when the region enters a state; none while deleting (it stays on the pressed button). */
function useFocusFollows(
  state: MyDataState,
  targets: Partial<Record<MyDataState, RefObject<HTMLElement | null>>>,
): void {
  const previous = useRef(state);
  useEffect(() => {
    // Only a change moves focus: arriving on the page in any state leaves it on the page's heading.
    if (previous.current === state) return;
    previous.current = state;
    targets[state]?.current?.focus();
  }, [state, targets]);
}

export function DeleteMyData() {
  const state = KitchenActor.useSelector(myDataOf);
  const send = useSend();
  const trigger = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLHeadingElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const targets = useRef({ idle: trigger, failed: trigger, confirming: question, deleted: outcome }).current;
  useFocusFollows(state, targets);

  if (state === 'deleted') {
    return (
      <div role="status">
        <p ref={outcome} tabIndex={-1}>
          Your data has been deleted. This browser is a new visitor now.
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => send({ type: 'MY_DATA.DISMISS' })}
        >
          Done
        </button>
      </div>
    );
  }
  if (state === 'confirming' || state === 'deleting') {
    const deleting = state === 'deleting';
    const cancelOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !deleting) send({ type: 'MY_DATA.CANCEL' });
    };
    return (
      <section
        className="confirm"
        aria-labelledby="confirm-delete-heading"
        aria-describedby="confirm-delete-consequence"
        onKeyDown={cancelOnEscape}
      >
        <h3 id="confirm-delete-heading" ref={question} tabIndex={-1}>
          Delete Everything?
        </h3>
        <p id="confirm-delete-consequence">
          Your photos, empty rooms, kitchens, choices and history are deleted from the server and from this
          browser. This cannot be undone.
        </p>
        <button
          type="button"
          className="button button--danger"
          aria-disabled={deleting}
          onClick={() => !deleting && send({ type: 'MY_DATA.CONFIRM' })}
        >
          {deleting ? 'Deleting…' : 'Yes, delete my data'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={deleting}
          onClick={() => send({ type: 'MY_DATA.CANCEL' })}
        >
          Keep my data
        </button>
      </section>
    );
  }
  return (
    <>
      {state === 'failed' && (
        <div role="alert">
          <p>We could not delete your data. Please try again.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => send({ type: 'MY_DATA.DISMISS' })}
          >
            Dismiss
          </button>
        </div>
      )}
      <button
        ref={trigger}
        type="button"
        className="button button--danger"
        onClick={() => send({ type: 'MY_DATA.DELETE' })}
      >
        Delete my data
      </button>
    </>
  );
}
