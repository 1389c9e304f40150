// The wizard steps in order. Earlier steps are links back; the current one carries aria-current="step".
import { useLayoutEffect, useRef, useState } from 'react';
import { STEP_IDS, stepMeta } from '../../machines/kitchen/steps';
import { handlesSkipOf } from '../kitchen/handles-skip';
import { useKitchenContext } from '../kitchen/use-kitchen';
import { RouteLink } from '../routing/RouteLink';
import '../styles/wizard.css';

interface StepListProps {
  currentPosition: number;
}

export function StepList({ currentPosition }: StepListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // Handles skipped for the chosen door style: said in the list, not counted as a step the visitor made.
  const handlesSkipped = useKitchenContext((context) => handlesSkipOf(context) !== null);
  // A list that scrolls must be reachable by keyboard to be scrolled (when its steps are not links yet).
  const [isScrollable, setScrollable] = useState(false);
  // On phones the list scrolls sideways: bring the current step to the middle. Only the list scrolls (never
  // the page, whose scroll position the router restores).
  useLayoutEffect(() => {
    const list = listRef.current;
    const current = list?.children[currentPosition];
    const scrollable = list !== null && list.scrollWidth > list.clientWidth;
    setScrollable(scrollable);
    if (!scrollable || !(current instanceof HTMLElement)) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
    // A step cut by the left edge (the wide "Handles (skipped)" among them) is shown whole when the current step
    // still fits beside it, else scrolled out of sight: never half a word (issue 36).
    const cut = [...list.children].find(
      (item): item is HTMLElement =>
        item instanceof HTMLElement &&
        item.offsetLeft < list.scrollLeft &&
        item.offsetLeft + item.offsetWidth > list.scrollLeft,
    );
    if (!cut) return;
    const fitsBeside = current.offsetLeft + current.offsetWidth - cut.offsetLeft <= list.clientWidth;
    list.scrollLeft = fitsBeside ? cut.offsetLeft : cut.offsetLeft + cut.offsetWidth;
  }, [currentPosition]);
  return (
    <nav className="step-list" aria-label="Wizard steps">
      <ol ref={listRef} tabIndex={isScrollable ? 0 : undefined}>
        {STEP_IDS.map(stepMeta).map((step, position) => {
          const skipped = step.id === 'handles' && handlesSkipped && position < currentPosition;
          const state = skipped
            ? 'skipped'
            : position < currentPosition
              ? 'done'
              : position === currentPosition
                ? 'current'
                : 'upcoming';
          const content = (
            <>
              <span className="step-list__number" aria-hidden="true">
                {position + 1}
              </span>
              <span className="step-list__title">{step.title}</span>
              {state === 'done' && <span className="visually-hidden"> (completed)</span>}
              {state === 'skipped' && <span className="step-list__skipped"> (skipped)</span>}
            </>
          );
          return (
            <li
              key={step.id}
              className={`step-list__item step-list__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {state === 'done' ? (
                <RouteLink route={`create-kitchen/${step.id}`} className="step-list__link">
                  {content}
                </RouteLink>
              ) : (
                <span className="step-list__link">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
