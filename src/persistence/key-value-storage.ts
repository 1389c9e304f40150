/** What the browser's stores need of `localStorage`: tests and the app share one shape, and a memory copy fits it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
