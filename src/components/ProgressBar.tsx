// The wizard's progress: (step index + 1) / the number of steps, as a percentage (spec §2), as a real progressbar.
import '../styles/wizard.css';

interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  position: number;
  total: number;
}

export function ProgressBar({ value, position, total }: ProgressBarProps) {
  const percent = Math.round(value);
  const text = `Step ${position + 1} of ${total}, ${percent}% complete`;
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div className="progress__fill" style={{ transform: `scaleX(${value / 100})` }} />
      </div>
      <p className="progress__text">
        Step {position + 1} of {total} <span aria-hidden="true">·</span> {percent}%
      </p>
    </div>
  );
}
