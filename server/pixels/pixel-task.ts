// A kind of pixel work the server does in its picture threads (pixel-pool.ts): each domain declares its own in a
// table, kind by kind (the upload's intake: images/intake-tasks.ts; the generation's picture work:
// generation/picture-work/picture-tasks.ts), and the thread serves every table it is given (server/pixel-thread.ts).

/** One kind of work: its input in, its result out; `moved` names the result's bytes to move rather than copy. */
export interface PixelTask<Input, Output> {
  run(input: Input): Promise<Output>;
  moved?(output: Output): Uint8Array | undefined;
}

/** A domain's kinds of work, by name; the names of all tables served together must differ. */
// biome-ignore lint/suspicious/noExplicitAny: a table holds tasks of many input and output types; each entry keeps its own through `defineTasks`.
export type TaskTable = Record<string, PixelTask<any, any>>;

/** A table with each task's types kept (a plain object literal would widen them to the table's). */
export const defineTasks = <Table extends TaskTable>(table: Table): Table => table;

export type TaskInput<Table extends TaskTable, Kind extends keyof Table> =
  Table[Kind] extends PixelTask<infer Input, unknown> ? Input : never;
export type TaskOutput<Table extends TaskTable, Kind extends keyof Table> =
  Table[Kind] extends PixelTask<never, infer Output> ? Output : never;

/** What a thread is asked. */
export interface TaskRequest {
  id: number;
  kind: string;
  input: unknown;
}

/** What a thread answers: ready once its tables are loaded, then one reply per request. */
export type TaskReply =
  | { kind: 'ready' }
  | { id: number; kind: 'done'; result: unknown }
  | { id: number; kind: 'rejected'; code: string; message: string }
  | { id: number; kind: 'failed'; message: string };
