// Before and after, stacked: a native range input moves the divider, so it works with a finger, a mouse and
// the arrow keys. It opens where the change is (issue 36), and the Before and After labels ride on either side
// of the handle. Loaded on demand (React.lazy), so it stays out of the first bundle.
import { type CSSProperties, useId, useRef, useState } from 'react';
import '../../styles/compare.css';
import { changeCentreOf, openingPosition } from './change-centre';

interface BeforeAfterSliderProps {
  before: string;
  after: string;
}

/** Narrower than this (percent), a side has no room for its label. */
const LABEL_ROOM = 18;

export default function BeforeAfterSlider({ before, after }: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(50);
  // The frame takes the photo's own shape (issue 22): the result is the photo at its size, so nothing is cropped
  // and before and after line up pixel for pixel whatever the photo's aspect ratio.
  const [aspect, setAspect] = useState(4 / 3);
  const beforeImage = useRef<HTMLImageElement>(null);
  const afterImage = useRef<HTMLImageElement>(null);
  // Once the visitor moves the handle, it is theirs: a late-loading picture never moves it back.
  const moved = useRef(false);
  const id = useId();
  const openAtTheChange = () => {
    const [shown, made] = [beforeImage.current, afterImage.current];
    if (moved.current || !shown?.complete || !made?.complete || shown.naturalWidth === 0) return;
    setPosition(openingPosition(changeCentreOf(shown, made)));
  };
  const style = { '--compare-position': `${position}%`, '--compare-aspect': aspect } as CSSProperties;
  return (
    <div className="compare" style={style} data-position={position}>
      <img
        ref={beforeImage}
        className="compare__image"
        src={before}
        alt="Your kitchen before"
        onLoad={({ currentTarget: photo }) => {
          if (photo.naturalWidth > 0 && photo.naturalHeight > 0) {
            setAspect(photo.naturalWidth / photo.naturalHeight);
          }
          openAtTheChange();
        }}
      />
      <img
        ref={afterImage}
        className="compare__image compare__image--after"
        src={after}
        alt="Your kitchen reimagined"
        onLoad={openAtTheChange}
      />
      {position >= LABEL_ROOM && (
        <span className="compare__tag compare__tag--before" aria-hidden="true">
          Before
        </span>
      )}
      {position <= 100 - LABEL_ROOM && (
        <span className="compare__tag compare__tag--after" aria-hidden="true">
          After
        </span>
      )}
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
        onChange={(event) => {
          moved.current = true;
          setPosition(Number(event.target.value));
        }}
      />
    </div>
  );
}
