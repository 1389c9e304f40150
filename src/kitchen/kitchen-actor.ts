// The one kitchen actor the whole app shares. Screens read it with `KitchenActor.useSelector(...)` (usually
// through `viewOf`) and talk to it with `KitchenActor.useActorRef().send(...)`; they hold no flow logic.
import { createActorContext } from '@xstate/react';
import { kitchenMachine } from '../../machines/kitchen/machine';

export const KitchenActor = createActorContext(kitchenMachine);
