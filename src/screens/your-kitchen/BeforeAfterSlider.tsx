// Before and after, stacked: a native range input moves the divider, so it works with a finger, a mouse and
// the arrow keys. Loaded on demand (React.lazy), so it stays out of the first bundle.
import { type CSSProperties, useId, useState } from 'react';
import '../../styles/compare.css';

interface BeforeAfterSliderProps {
  before: string;
  after: string;
}

export default function BeforeAfterSlider({ before, after }: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(50);
  const id = useId();
  return (
    <div className="compare" style={{ '--compare-position': `${position}%` } as CSSProperties}>
      <img className="compare__image" src={before} alt="Your kitchen before" />
      <img className="compare__image compare__image--after" src={after} alt="Your kitchen reimagined" />
      <span className="compare__tag compare__tag--before" aria-hidden="true">
        Before
      </span>
      <span className="compare__tag compare__tag--after" aria-hidden="true">
        After
      </span>
      <span className="compare__divider" aria-hidden="true" />
      <label className="visually-hidden" htmlFor={id}>
        Compare before and after
      </label>
      <input
        id={id}
        className="compare__range"
        type="range"
        min={0}
        max={100}
        step={1}
        value={position}
        aria-valuetext={`${position}% showing the original`}
        onChange={(event) => setPosition(Number(event.target.value))}
      />
    </div>
  );
}
