// On the step after handles, when handles was skipped: a visible note saying so and why.
import { useKitchenContext } from '../use-kitchen';
import { handlesSkipNote, handlesSkipOf } from './handles-skip';

export function HandlesSkipNote() {
  const note = useKitchenContext((context) => {
    const skip = handlesSkipOf(context);
    return skip && handlesSkipNote(skip);
  });
  return note ? <p className="notice handles-skip">{note}</p> : null;
}
