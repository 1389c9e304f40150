// Preloaded into the compiled server's process by process-guards.test.ts (`node --import <this file> main.js`): does
// on a signal what a buggy module might, as no route of the real server does on purpose.
process.on('SIGUSR2', () => {
  // Nothing awaits or catches it: an unhandled rejection.
  void Promise.reject(new Error('deliberate unhandled rejection'));
});
process.on('SIGHUP', () => {
  setImmediate(() => {
    throw new Error('deliberate uncaught exception');
  });
});
