// The `myData` region's states (issue 15: delete my data), read the same way by the screen and the tests.
import type { KitchenSnapshot } from './view';

export const MY_DATA_STATES = ['idle', 'confirming', 'deleting', 'deleted', 'failed'] as const;
export type MyDataState = (typeof MY_DATA_STATES)[number];

export const myDataOf = (snapshot: KitchenSnapshot): MyDataState =>
  (snapshot.value as { myData: MyDataState }).myData;
