// Avatar: shows the picture (or initials), uploads a new one, removes it (file deleted too).
import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { AVATAR_ACCEPT, checkAvatarFile } from '../lib/avatar-rules';
import { i18n } from '@/lib/i18n/i18n';

export interface AvatarEditorProps {
  name: string;
  avatarUrl: string | null;
  busy?: boolean;
  onUpload(file: File): Promise<void>;
  onRemove(): Promise<void>;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

export function AvatarEditor({ name, avatarUrl, busy, onUpload, onRemove }: AvatarEditorProps) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  async function picked(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    setError(problem);
    if (!problem) await onUpload(file);
  }

  return (
    <div className="flex flex-wrap items-center gap-5">
      {avatarUrl ? (
        <img
          src={avatarUrl}
          alt={i18n._("{name}'s avatar", { name })}
          width={80}
          height={80}
          className="h-20 w-20 rounded-full object-cover ring-1 ring-slate-200"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-20 w-20 items-center justify-center rounded-full bg-blue-100 text-2xl font-semibold text-blue-800"
        >
          {initials(name)}
        </span>
      )}
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" loading={busy} onClick={() => input.current?.click()}>
            {avatarUrl ? i18n._('Change picture') : i18n._('Upload picture')}
          </Button>
          {avatarUrl ? (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => void onRemove()}>
              {i18n._('Remove')}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-600">
          {i18n._('JPEG, PNG, WebP or GIF, up to 2 MB. Visible to anyone who sees your name.')}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          className="sr-only"
          aria-label={i18n._('Choose a profile picture')}
          onChange={picked}
          tabIndex={-1}
        />
      </div>
    </div>
  );
}
