// The article form (SPEC §2 Article form modal, §5): title, content with a text preview,
// category, optional image URL with a preview that hides when the image fails, published toggle.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import type { ArticleInput, NewsArticle } from '../api/types';
import { DEFAULT_CATEGORY, isHttpUrl, paragraphs } from '../lib/format';
import { i18n } from '@/lib/i18n/i18n';

export interface ArticleFormModalProps {
  open: boolean;
  /** The article being edited; null creates a new one. */
  article: NewsArticle | null;
  categories: string[];
  saving: boolean;
  onClose(): void;
  onSubmit(input: ArticleInput): void;
}

interface FormState {
  title: string;
  content: string;
  category: string;
  imageUrl: string;
  published: boolean;
}

const fromArticle = (a: NewsArticle | null): FormState => ({
  title: a?.title ?? '',
  content: a?.content ?? '',
  category: a?.news_category ?? DEFAULT_CATEGORY,
  imageUrl: a?.image_url ?? '',
  published: a?.is_published ?? false,
});

export function ArticleFormModal({ open, article, categories, saving, onClose, onSubmit }: ArticleFormModalProps) {
  const [form, setForm] = useState<FormState>(() => fromArticle(article));
  const [preview, setPreview] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const [urlError, setUrlError] = useState<string | undefined>();
  const formId = useId();

  // A fresh form each time the modal opens (or switches article).
  useEffect(() => {
    if (open) {
      setForm(fromArticle(article));
      setPreview(false);
      setUrlError(undefined);
    }
  }, [open, article]);
  useEffect(() => setImageFailed(false), [form.imageUrl]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const imageUrl = form.imageUrl.trim();

  function submit(e: FormEvent) {
    e.preventDefault();
    const title = form.title.trim();
    const content = form.content.trim();
    if (!title || !content) {
      toast.error(i18n._('Title and content are required'));
      return;
    }
    if (imageUrl && !isHttpUrl(imageUrl)) {
      setUrlError(i18n._('Please enter a valid image URL starting with http:// or https://'));
      return;
    }
    setUrlError(undefined);
    onSubmit({
      title,
      content,
      news_category: form.category || DEFAULT_CATEGORY,
      image_url: imageUrl || null,
      is_published: form.published,
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={article ? i18n._('Edit Article') : i18n._('Create New Article')}
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {article ? i18n._('Update Article') : i18n._('Create Article')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <FormField label={i18n._('Title')} required>
          <Input value={form.title} onChange={(e) => set('title', e.target.value)} maxLength={300} />
        </FormField>

        <div className="space-y-1">
          <div className="flex items-center justify-between">
            <label htmlFor={`${formId}-content`} className="block text-sm font-medium text-slate-800">
              {i18n._('Content')}
              <span aria-hidden="true" className="ml-0.5 text-red-600">
                *
              </span>
            </label>
            <Button variant="ghost" size="sm" onClick={() => setPreview((p) => !p)}>
              {preview ? i18n._('Edit') : i18n._('Preview')}
            </Button>
          </div>
          {preview ? (
            <div
              data-testid="content-preview"
              className="min-h-48 space-y-3 rounded-md border border-slate-200 p-3 text-slate-800"
            >
              {paragraphs(form.content).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          ) : (
            <Textarea
              id={`${formId}-content`}
              rows={12}
              value={form.content}
              onChange={(e) => set('content', e.target.value)}
              maxLength={100000}
            />
          )}
        </div>

        <FormField label={i18n._('Category')} required>
          <Select
            value={form.category}
            onChange={(e) => set('category', e.target.value)}
            options={categories.map((c) => ({ value: c, label: c }))}
          />
        </FormField>

        <FormField label={i18n._('Image URL (optional)')} error={urlError}>
          <Input
            type="url"
            value={form.imageUrl}
            onChange={(e) => set('imageUrl', e.target.value)}
            placeholder={i18n._('https://example.com/image.jpg')}
          />
        </FormField>
        {imageUrl && isHttpUrl(imageUrl) && !imageFailed && (
          <img
            src={imageUrl}
            alt={i18n._('Image preview')}
            referrerPolicy="no-referrer"
            onError={() => setImageFailed(true)}
            className="max-h-48 rounded-md object-cover"
          />
        )}

        <div className="space-y-1">
          <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              role="switch"
              aria-checked={form.published}
              checked={form.published}
              onChange={(e) => set('published', e.target.checked)}
              className="h-4 w-4"
            />
            {i18n._('Published')}
          </label>
          <p className="text-xs text-slate-500">
            {form.published
              ? i18n._('This article will be visible to all users')
              : i18n._('This article will be saved as a draft')}
          </p>
        </div>
      </form>
    </Modal>
  );
}
