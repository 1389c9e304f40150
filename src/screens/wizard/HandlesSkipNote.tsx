// On the step after handles, when handles was skipped: a visible note saying so and why.

import { handlesSkipNote, handlesSkipOf } from '../../kitchen/handles-skip';
import { useKitchenContext } from '../../kitchen/use-kitchen';

export function HandlesSkipNote() {
  const note = useKitchenContext((context) => {
    const skip = handlesSkipOf(context);
    return skip && handlesSkipNote(skip);
  });
  return note ? <p className="notice handles-skip">{note}</p> : null;
}
