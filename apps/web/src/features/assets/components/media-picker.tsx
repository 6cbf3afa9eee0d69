// The capture block shared by /tag and /start-tagging: camera or file picker, the accepted
// types and limits, the last refusal, and the list of picked files with previews.
import { useState } from 'react';
import { Camera } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CameraCapture } from './camera-capture';
import { FilesButton } from './files-button';
import { MediaList, type PendingMedia } from './media-list';
import { i18n } from '@/lib/i18n/i18n';

export interface MediaPickerProps {
  media: PendingMedia[];
  /** Files picked or recorded; `recordedSeconds` is the camera's own length of a recorded video. */
  onAdd(files: File[], recordedSeconds?: number | null): void;
  onRemove(id: string): void;
  error: string | null;
  disabled?: boolean;
  /** data-testid of the hidden file input (the e2e specs upload through it). */
  inputTestId: string;
}

export function MediaPicker({ media, onAdd, onRemove, error, disabled = false, inputTestId }: MediaPickerProps) {
  const [camera, setCamera] = useState(false);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setCamera((c) => !c)} disabled={disabled}>
          <Camera className="h-4 w-4" aria-hidden="true" /> {camera ? i18n._('Hide camera') : i18n._('Use camera')}
        </Button>
        <FilesButton
          label={i18n._('Upload files')}
          inputLabel={i18n._('Choose files')}
          onFiles={(files) => onAdd(files)}
          disabled={disabled}
          inputTestId={inputTestId}
        />
      </div>
      <p className="text-xs text-slate-500">
        {i18n._(
          'Photos JPG, PNG, WebP or HEIC and PDFs up to 15 MB; videos MP4, MOV or WebM up to 100 MB and 2 minutes.',
        )}
      </p>
      {camera && <CameraCapture onCapture={(file, secs) => onAdd([file], secs)} onClose={() => setCamera(false)} />}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <MediaList items={media} onRemove={onRemove} disabled={disabled} />
    </>
  );
}
