// Chooses pictures for the brand or a product: checks type and size before upload and shows the
// chosen ones with a Remove button. Files are uploaded by the caller on save.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n/i18n';
import { mediaProblem, mediaThumbnail } from '../api/media';

export interface PickedImage {
  /** A stored path, or a file chosen now and uploaded on save. */
  path?: string;
  file?: File;
  /** What the list shows: a thumbnail of a stored picture, or the chosen file itself. */
  preview: string;
  previewSet?: string;
}

const PREVIEW_PX = 80; // h-20 w-20

export function fromPaths(paths: (string | null | undefined)[]): PickedImage[] {
  return paths
    .filter((p): p is string => Boolean(p))
    .map((path) => {
      const thumb = mediaThumbnail(path, PREVIEW_PX);
      return { path, preview: thumb.src, previewSet: thumb.srcSet };
    });
}

export function ImagePicker({
  label,
  images,
  max,
  onChange,
}: {
  label: string;
  images: PickedImage[];
  max: number;
  onChange(images: PickedImage[]): void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple={max > 1}
        disabled={images.length >= max}
        aria-describedby={problem ? `${id}-error` : `${id}-hint`}
        className="block w-full text-sm"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          const bad = files.map(mediaProblem).find(Boolean);
          if (bad) return setProblem(bad);
          if (images.length + files.length > max)
            return setProblem(i18n._('At most {max, plural, one {# picture} other {# pictures}}', { max }));
          setProblem(null);
          onChange([...images, ...files.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
        }}
      />
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {i18n._('JPEG, PNG or WebP, up to 2 MB each.')}
        </p>
      )}
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {images.map((image, i) => (
            <li key={image.preview} className="flex flex-col items-center gap-1">
              <img
                src={image.preview}
                srcSet={image.previewSet}
                width={PREVIEW_PX}
                height={PREVIEW_PX}
                alt=""
                className="h-20 w-20 rounded border border-slate-200 object-cover"
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={i18n._('Remove picture {n}', { n: i + 1 })}
                onClick={() => onChange(images.filter((_, j) => j !== i))}
              >
                {i18n._('Remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
