// The photo with its live overlay, where the visitor paints: one pointer draws (mouse drag, finger swipe, tap),
// two fingers pinch to zoom and pan. With the keyboard, the arrow keys move a cursor and Space or Enter marks
// under it, so the tool needs no pointer at all.
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import type { Brush } from '../../../marking/brushes';
import type { MarkedOverlay } from '../../../marking/marking-messages';
import type { MarksAction, MarksHistory } from './marks-history';
import { clampZoom, pointOnPicture } from './stage-geometry';

interface Props {
  photoDataUrl: string;
  width: number;
  height: number;
  brush: Brush;
  brushLabel: string;
  history: MarksHistory;
  dispatch: (action: MarksAction) => void;
  overlay: MarkedOverlay | undefined;
  /** The number of the marks in effect, to tell when the overlay has caught up (benchmarks read it). */
  version: number;
  zoom: number;
  onZoom: (zoom: number) => void;
}

/** The viewport's height at most (marking.css), in which the photo fits at 1×. */
const MAX_VIEWPORT_HEIGHT_VH = 70;

/** How far one arrow key moves the keyboard cursor, as a share of the photo's width (Shift: five times). */
const KEY_STEP = 0.02;

export function MarkingStage(props: Props) {
  const {
    photoDataUrl,
    width,
    height,
    brush,
    brushLabel,
    history,
    dispatch,
    overlay,
    version,
    zoom,
    onZoom,
  } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number; midX: number; midY: number } | null>(null);
  const [cursor, setCursor] = useState<[number, number]>([width / 2, height / 2]);
  const [keyboardFocus, setKeyboardFocus] = useState(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    if (!overlay || overlay.width !== width || overlay.height !== height) {
      context.clearRect(0, 0, width, height);
      return;
    }
    context.putImageData(new ImageData(overlay.rgba, width, height), 0, 0);
  }, [overlay, width, height]);

  const pointOf = (event: PointerEvent) => {
    const box = canvas.current?.getBoundingClientRect();
    return box ? pointOnPicture(event.clientX, event.clientY, box, width, height) : null;
  };

  const twoFingers = () => {
    const [one, other] = [...pointers.current.values()];
    if (!one || !other) return null;
    return {
      distance: Math.hypot(one.x - other.x, one.y - other.y),
      midX: (one.x + other.x) / 2,
      midY: (one.y + other.y) / 2,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const fingers = twoFingers();
    if (fingers) {
      // A second finger means a pinch, never a stroke.
      dispatch({ type: 'stroke-cancelled' });
      pinch.current = { ...fingers, zoom };
      return;
    }
    const point = pointOf(event);
    if (point) dispatch({ type: 'stroke-began', brush, x: point[0], y: point[1] });
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const fingers = twoFingers();
    if (fingers && pinch.current) {
      onZoom(clampZoom((pinch.current.zoom * fingers.distance) / Math.max(1, pinch.current.distance)));
      viewport.current?.scrollBy(pinch.current.midX - fingers.midX, pinch.current.midY - fingers.midY);
      pinch.current = { ...pinch.current, midX: fingers.midX, midY: fingers.midY };
      return;
    }
    const point = pointOf(event);
    if (point) dispatch({ type: 'stroke-moved', x: point[0], y: point[1] });
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    if (pinch.current) {
      if (pointers.current.size === 0) pinch.current = null;
      return;
    }
    dispatch({ type: event.type === 'pointercancel' ? 'stroke-cancelled' : 'stroke-ended' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = width * KEY_STEP * (event.shiftKey ? 5 : 1);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setKeyboardFocus(true);
      setCursor(([x, y]) => [
        Math.min(width - 1, Math.max(0, x + move[0])),
        Math.min(height - 1, Math.max(0, y + move[1])),
      ]);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      setKeyboardFocus(true);
      dispatch({ type: 'stroke-began', brush, x: cursor[0], y: cursor[1] });
      dispatch({ type: 'stroke-ended' });
    }
  };

  const drawing = history.drawing?.points ?? [];
  return (
    <div className="marking__viewport" ref={viewport}>
      <div
        className="marking__stage"
        // At 1× the whole photo fits the viewport's width and height; zooming scrolls within it.
        style={{
          width: `min(${zoom * 100}%, calc(${MAX_VIEWPORT_HEIGHT_VH}vh * ${(zoom * width) / height}))`,
          aspectRatio: `${width} / ${height}`,
        }}
      >
        <img className="marking__photo" src={photoDataUrl} alt="" draggable={false} />
        <canvas
          ref={canvas}
          className="marking__overlay"
          width={width}
          height={height}
          tabIndex={0}
          data-overlay-marks={overlay?.markCount ?? 0}
          data-overlay-version={overlay?.version ?? 0}
          data-marks-version={version}
          aria-label={`Your kitchen photo to mark. Paint with the ${brushLabel} brush by dragging or swiping; with the keyboard, move the cursor with the arrow keys and mark with Space.`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onKeyDown={onKeyDown}
          onBlur={() => setKeyboardFocus(false)}
        />
        <svg className="marking__ink" viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
          {drawing.length >= 2 && (
            <polyline
              points={drawing.join(' ')}
              className={`marking__stroke marking__stroke--${history.drawing?.brush ?? brush}`}
            />
          )}
          {keyboardFocus && (
            <g className="marking__cursor" transform={`translate(${cursor[0]} ${cursor[1]})`}>
              <circle r={width / 80} />
              <path d={`M ${-width / 50} 0 H ${width / 50} M 0 ${-width / 50} V ${width / 50}`} />
            </g>
          )}
        </svg>
      </div>
    </div>
  );
}
