// A button that opens the file chooser for an asset's files (the accepted media types, several at
// once), with its hidden input; used by the capture block (media-picker.tsx) and by adding files to
// a registered asset (add-media-modal.tsx). The input is emptied after each pick, so choosing the
// same file again is seen.
import { useRef } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ACCEPT_ATTRIBUTE } from '../lib/media-rules';

export function FilesButton(props: {
  label: string;
  /** The hidden input's accessible name. */
  inputLabel: string;
  onFiles(files: File[]): void;
  disabled?: boolean;
  /** data-testid of the hidden file input (the e2e specs upload through it). */
  inputTestId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outline" onClick={() => input.current?.click()} disabled={props.disabled}>
        <Upload className="h-4 w-4" aria-hidden="true" /> {props.label}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        aria-label={props.inputLabel}
        data-testid={props.inputTestId}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          props.onFiles(files);
        }}
      />
    </>
  );
}
