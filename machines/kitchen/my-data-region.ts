// The `myData` region: the privacy page's "delete my data" (issue 15): asked, confirmed, then erased on the server
// and in this browser, which becomes a new visitor with an empty wizard. Its states as the screen reads them are
// my-data.ts.
import { assign } from 'xstate';
import { partSetup } from './kitchen-setup';
import { frameActions, frameGuards } from './step-frame';

const myDataSetup = partSetup({ actions: frameActions, guards: frameGuards });

export const myDataRegion = myDataSetup.createStateConfig({
  description:
    'Delete my data (issue 15): asked, confirmed, then erased on the server and in this browser, which ' +
    'becomes a new visitor with an empty wizard.',
  initial: 'idle',
  states: {
    idle: { on: { 'MY_DATA.DELETE': 'confirming' } },
    confirming: { on: { 'MY_DATA.CANCEL': 'idle', 'MY_DATA.CONFIRM': 'deleting' } },
    deleting: {
      invoke: {
        id: 'deleteMyData',
        src: 'deleteMyData',
        onDone: {
          target: 'deleted',
          // The erased account is no more: the header offers saving and signing in again at once (issue 24).
          actions: [
            'resetWizard',
            assign({
              generationHistory: [],
              remainingGenerations: null,
              generationRefusal: null,
              isAccount: false,
            }),
          ],
        },
        onError: 'failed',
      },
    },
    deleted: { on: { 'MY_DATA.DISMISS': 'idle' } },
    failed: { on: { 'MY_DATA.DELETE': 'confirming', 'MY_DATA.DISMISS': 'idle' } },
  },
});
