// Scripts installed in the page before the app runs, recording what the benchmarks time from inside the page
// (in the page's own clock, so the driver's round trips are not counted). Strings, not functions: tsx's
// transform may add helpers to a function that the page lacks.

/** Where each probe keeps its records on `window`. */
export const PROBES = {
  stepChanges: '__benchStepChanges',
  saves: '__benchSaves',
  longTasks: '__benchLongTasks',
};

/**
 * Each click on Next, to the frame after the route heading changes: the click event's time to the next task
 * after the following animation frame, when the new heading has been painted.
 */
export const stepChangeProbe = `(() => {
  const changes = (window.${PROBES.stepChanges} = []);
  const heading = () => document.querySelector('h1[data-route-heading]')?.textContent?.trim() ?? '';
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.textContent.trim() !== 'Next' || button.getAttribute('aria-disabled') === 'true') return;
    const clickedAt = event.timeStamp;
    const from = heading();
    const observer = new MutationObserver(() => {
      const to = heading();
      if (!to || to === from) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => changes.push({ from, to, ms: performance.now() - clickedAt })));
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  }, true);
})();`;

/**
 * Each save: the localStorage writes made in one synchronous run (saveSelections writes its three keys one
 * after another), from the start of the first write to the end of the last, with the characters written.
 */
export const saveProbe = `(() => {
  const saves = (window.${PROBES.saves} = []);
  const setItem = Storage.prototype.setItem;
  let burst = null;
  Storage.prototype.setItem = function (key, value) {
    const started = performance.now();
    try {
      return setItem.call(this, key, value);
    } finally {
      if (!burst) {
        burst = { started, ended: started, keys: [], characters: 0 };
        queueMicrotask(() => { saves.push(burst); burst = null; });
      }
      burst.ended = performance.now();
      burst.keys.push(key);
      burst.characters += String(value).length;
    }
  };
})();`;

/** Main-thread tasks over 50 ms (the Long Tasks API), with their durations. */
export const longTaskProbe = `(() => {
  const tasks = (window.${PROBES.longTasks} = []);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
})();`;
