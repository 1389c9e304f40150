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
  // The frame takes the photo's own shape (issue 22): the result is the photo at its size, so nothing is cropped
  // and before and after line up pixel for pixel whatever the photo's aspect ratio.
  const [aspect, setAspect] = useState(4 / 3);
  const id = useId();
  const style = { '--compare-position': `${position}%`, '--compare-aspect': aspect } as CSSProperties;
  return (
    <div className="compare" style={style}>
      <img
        className="compare__image"
        src={before}
        alt="Your kitchen before"
        onLoad={({ currentTarget: photo }) => {
          if (photo.naturalWidth > 0 && photo.naturalHeight > 0) {
            setAspect(photo.naturalWidth / photo.naturalHeight);
          }
        }}
      />
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
