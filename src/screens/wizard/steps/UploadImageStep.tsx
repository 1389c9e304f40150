// Snap with the phone camera, choose a file, or drop one; then the prepared photo with its check's outcome.
import { type ChangeEvent, type DragEvent, type Ref, useEffect, useRef, useState } from 'react';
import { useSaveOutcome } from '../../../kitchen/app-services';
import { RouteLink } from '../../../routing/RouteLink';
import '../../../styles/upload.css';
import { useKitchenContext, useKitchenView, useSend } from '../../../kitchen/use-kitchen';
import { NO_GENERATIONS_LEFT } from '../../generations-left';
import { useFinePointer } from '../use-fine-pointer';
import { KitchenCheckNotice, useKitchenQuestion } from './KitchenCheckNotice';
import { MarkingInvite, OpenMarkingTool } from './PhotoMarkingPanel';

const ACCEPTED_TYPES = 'image/*,.heic,.heif';

interface PhotoPickerProps {
  label: string;
  capture?: boolean;
  primary?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

function PhotoPicker({ label, capture, primary, inputRef }: PhotoPickerProps) {
  const send = useSend();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so picking the same file again still counts as a choice.
    event.target.value = '';
    if (file) send({ type: 'PHOTO.SELECTED', file });
  };
  return (
    <label className={`button ${primary ? 'button--primary' : 'button--secondary'} file-button`}>
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept={ACCEPTED_TYPES}
        capture={capture ? 'environment' : undefined}
        onChange={onChange}
      />
      {label}
    </label>
  );
}

function PhotoStatus() {
  const { isProcessingImage, isModerating } = useKitchenView();
  // While the kitchen question stands, it is the one thing said about the photo.
  const asking = useKitchenQuestion();
  const moderationPassed = useKitchenContext((context) => context.moderationPassed);
  const hasPhoto = useKitchenContext((context) => context.inputImageDataUrl !== null);
  const message = isProcessingImage
    ? 'Preparing your photo…'
    : isModerating
      ? 'Checking your photo…'
      : hasPhoto && moderationPassed === true && !asking
        ? 'Your photo is ready. Continue when you are.'
        : '';
  return (
    <>
      <p className={message ? 'upload__status' : 'upload__status upload__status--empty'} role="status">
        {(isProcessingImage || isModerating) && <span className="spinner" aria-hidden="true" />}
        {message}
      </p>
      {moderationPassed === false && !isProcessingImage && !isModerating && (
        <div className="notice notice--danger" role="alert">
          <p>
            <strong>We can't use this photo.</strong> Our check found something that doesn't look suitable.
            That can happen by mistake; please choose another photo of your kitchen.
          </p>
        </div>
      )}
    </>
  );
}

export function UploadImageStep() {
  const send = useSend();
  const { isProcessingImage, isModerating, isMarking } = useKitchenView();
  const { dataUrl, remaining } = useKitchenContext((context) => ({
    dataUrl: context.inputImageDataUrl,
    remaining: context.remainingGenerations,
  }));
  const photoNotKept = useSaveOutcome() === 'saved-without-photos';
  const [isDragging, setDragging] = useState(false);
  const filePicker = useRef<HTMLInputElement>(null);
  const finePointer = useFinePointer();
  const isBusy = isProcessingImage || isModerating;
  const asking = useKitchenQuestion();
  const zone = useRef<HTMLElement>(null);
  // Closing the tool (saved, skipped, cancelled) removes what had focus: give it to the way back into marking
  // (or the kitchen question), else the step's heading, never the page's body (issue 36).
  const wasMarking = useRef(isMarking);
  useEffect(() => {
    if (wasMarking.current && !isMarking) {
      const next =
        zone.current?.querySelector<HTMLElement>('.marking-invite button, .kitchen-check button') ??
        document.querySelector<HTMLElement>('h1[data-route-heading]');
      next?.focus();
    }
    wasMarking.current = isMarking;
  }, [isMarking]);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) send({ type: 'PHOTO.SELECTED', file });
  };

  if (isMarking && dataUrl) return <OpenMarkingTool photoDataUrl={dataUrl} />;

  return (
    <div className="upload">
      {remaining === 0 && (
        <p className="notice notice--warning">
          <strong>{NO_GENERATIONS_LEFT}</strong> You can still explore the steps, but you won't be able to
          create a new image of your kitchen.
        </p>
      )}
      <section
        ref={zone}
        className={`upload__zone${isDragging ? ' upload__zone--dragging' : ''}`}
        aria-label="Your kitchen photo"
        aria-busy={isBusy}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <div className="upload__frame">
          {dataUrl && !isProcessingImage ? (
            <img className="upload__photo" src={dataUrl} alt="Your kitchen" />
          ) : (
            <div className="upload__placeholder">
              {isBusy ? (
                <span className="spinner spinner--large" aria-hidden="true" />
              ) : (
                <>
                  <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
                    <rect
                      x="4"
                      y="12"
                      width="40"
                      height="28"
                      rx="4"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.5"
                    />
                    <circle cx="24" cy="26" r="8" fill="none" stroke="currentColor" strokeWidth="2.5" />
                    <path d="M16 12l3-5h10l3 5" fill="none" stroke="currentColor" strokeWidth="2.5" />
                  </svg>
                  <p className="upload__hint">
                    {finePointer
                      ? 'Drag and drop a photo here, or choose a file.'
                      : 'Take a photo of your kitchen, or choose one from your photos.'}
                  </p>
                </>
              )}
            </div>
          )}
        </div>
        <PhotoStatus />
        <KitchenCheckNotice onChooseAnother={() => filePicker.current?.click()} />
        {/* The question's own Yes is the invitation to mark while it stands. */}
        {!isBusy && !asking && <MarkingInvite />}
        <div className="upload__actions">
          {/* The camera first on a phone; a computer has files to drop or choose instead. */}
          {!finePointer && (
            <PhotoPicker label={dataUrl ? 'Take another photo' : 'Take a photo'} capture primary={!dataUrl} />
          )}
          <PhotoPicker
            label={dataUrl ? 'Choose another file' : 'Choose a file'}
            primary={finePointer && !dataUrl}
            inputRef={filePicker}
          />
          {dataUrl && (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => send({ type: 'PHOTO.REMOVED' })}
            >
              Remove photo
            </button>
          )}
        </div>
        {dataUrl && photoNotKept && (
          <p className="notice">
            This photo is too large to keep in your browser, so after a reload you'll need to choose it again.
            Your other choices are saved.
          </p>
        )}
        <p className="muted upload__fine-print">
          JPEG, PNG, WebP, AVIF or HEIC. Large photos are resized on your device before upload. We check each
          photo for unsuitable content, which we can't accept, and for signs of a kitchen, which only prompts
          a question. <RouteLink route="privacy">What happens to your photo</RouteLink>
        </p>
      </section>
    </div>
  );
}
